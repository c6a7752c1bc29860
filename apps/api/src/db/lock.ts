import { acquireDataDirLock } from '../../../../scripts/data-dir-lock.mjs';

/**
 * One server process per DATA_DIR (PGlite has no lock of its own): a lock the kernel drops when the process dies,
 * shared with the backup and restore scripts (scripts/data-dir-lock.mjs).
 */
export function lockDataDir(dataDir: string): Promise<() => void> {
  // A restart right after a kill may find the dying process still holding the lock for a moment.
  return acquireDataDirLock(dataDir, { waitMs: 3000 });
}
