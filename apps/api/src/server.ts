// The API's entry (`npm start` runs dist/server.js). It starts the embedded database first, on its own thread
// (db/embedded-start.ts), and only then loads the server (serve.ts, a chunk of its own in the bundle): PGlite boots
// while the server's modules load and its routes are built, instead of after them.
import { loadConfig } from './config';
import { installLazySourceMappedStacks } from './core/stack-traces';
import { type EmbeddedStart, startEmbedded } from './db/embedded-start';

async function start(): Promise<void> {
  installLazySourceMappedStacks();
  const config = loadConfig();
  let embedded: EmbeddedStart | undefined;
  if (!config.databaseUrl) embedded = await startEmbedded(config);
  const { main } = await import('./serve');
  await main(config, embedded);
}

start().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
