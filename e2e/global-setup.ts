import type { TestProject } from 'vitest/node';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the shared server (demo data seeded). */
    baseUrl: string;
    /** Its DATA_DIR, e.g. for reading DATA_DIR/outbox. */
    dataDir: string;
  }
}

/** One built server for all spec files; specs that need their own settings call startServer() themselves. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  console.log(
    `e2e: server on ${server.baseUrl} (DATA_DIR ${server.dataDir}), healthy in ${server.coldStartMs} ms`,
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return async () => {
    const exit = await server.stop();
    if (exit.code !== 0)
      console.error(`e2e: shared server exited with ${exit.code ?? exit.signal}\n${server.output()}`);
  };
}
