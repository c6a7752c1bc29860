import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir } from './lock';
import { type PgliteThread, startPglite } from './pglite-thread';

/** The embedded database of a server process, starting: its thread, and the release of DATA_DIR's lock. */
export interface EmbeddedStart {
  thread: PgliteThread;
  unlock: () => void;
}

/**
 * Takes DATA_DIR's lock (one server process per data dir) and starts PGlite's thread on DATA_DIR/pgdata, without
 * waiting for it: server.ts calls this before it loads the rest of the server, so PostgreSQL boots on its thread
 * while the main thread loads modules and builds the routes (serve.ts waits for it only before it listens).
 */
export async function startEmbedded(
  config: Pick<Config, 'dataDir' | 'pgliteSharedBuffersMb'>,
): Promise<EmbeddedStart> {
  const unlock = await lockDataDir(config.dataDir);
  const thread = startPglite({
    dataDir: path.join(config.dataDir, 'pgdata'),
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  return { thread, unlock };
}
