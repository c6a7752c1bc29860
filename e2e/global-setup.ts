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
  // Every spec signs the demo accounts in, often several times: the login limits (10 per account per window by
  // default) would answer 429 to the later specs. The limits themselves are tested by the API tests. Webhooks may
  // reach the receivers the specs start on loopback (integrations.spec.ts); the SSRF refusals are API tests.
  const server = await startServer({
    env: {
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
  });
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
