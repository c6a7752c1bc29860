// The lock of a DATA_DIR, shared by the server (apps/api/src/db/lock.ts) and the backup/restore scripts.
//
// PGlite takes no lock of its own and two writers corrupt it: one process per DATA_DIR. The lock is a listening
// Unix socket in Linux's abstract namespace, named after the directory's real path: binding it is atomic (a second
// process gets EADDRINUSE) and the kernel releases it the moment its process exits, however it exits (SIGKILL, power
// loss, OOM), so a stale lock can never block a restart and no PID can be mistaken for ours. Elsewhere the socket is
// a file in the temp directory (a stale file is detected because nobody answers on it). DATA_DIR/server.lock is only
// written for people (which pid holds the directory); nothing trusts it.
import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const LOCK_INFO_FILE = 'server.lock';

export function dataDirLockAddress(dataDir) {
  const digest = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 40);
  return process.platform === 'linux'
    ? `\0rentora-data-dir-${digest}`
    : path.join(tmpdir(), `rentora-data-dir-${digest}.sock`);
}

function listen(address) {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen({ path: address, exclusive: true }, () => resolve(server));
  });
}

/** A socket file nobody listens on (its process died): removable. Abstract addresses never need this. */
function isStaleSocketFile(address) {
  return new Promise((resolve) => {
    const probe = connect({ path: address });
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
}

/**
 * Takes DATA_DIR's lock for this process's life; `inUseMessage` words the refusal. With `waitMs`, a lock held by a
 * process that is still exiting (a restart right after a kill) is waited for that long. Resolves to the release function.
 */
export async function acquireDataDirLock(dataDir, options = {}) {
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    try {
      return await acquireOnce(dataDir, options);
    } catch (error) {
      if (!error.inUse || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function acquireOnce(dataDir, options) {
  mkdirSync(dataDir, { recursive: true });
  const address = dataDirLockAddress(dataDir);
  const refuse = () =>
    Object.assign(
      new Error(
        options.inUseMessage?.(dataDir) ??
          `The data directory ${dataDir} is in use by another server process. Stop it first, or give this one another DATA_DIR.`,
      ),
      { inUse: true },
    );
  let server;
  try {
    server = await listen(address);
  } catch (error) {
    if (error.code !== 'EADDRINUSE') throw error;
    if (address.startsWith('\0') || !(await isStaleSocketFile(address))) throw refuse();
    rmSync(address, { force: true });
    server = await listen(address).catch(() => {
      throw refuse();
    });
  }
  // The lock must not keep the process alive by itself.
  server.unref();
  const info = path.join(dataDir, LOCK_INFO_FILE);
  writeFileSync(info, `${process.pid}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(info, { force: true });
    server.close();
  };
}
