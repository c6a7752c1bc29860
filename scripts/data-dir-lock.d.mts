export declare const LOCK_INFO_FILE: string;
export declare function dataDirLockAddress(dataDir: string): string;
export declare function acquireDataDirLock(
  dataDir: string,
  options?: { inUseMessage?: (dataDir: string) => string; waitMs?: number },
): Promise<() => void>;
