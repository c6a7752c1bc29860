// `node dist/make-pglite-template.js [dir]` (run by build.mjs): a migrated, empty PGlite data dir for first starts
// (db/pglite-template.ts), in dist/pglite-template unless a directory is given.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db/client';
import { PGLITE_TEMPLATE_DIR, stampPgliteTemplate } from './db/pglite-template';

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? PGLITE_TEMPLATE_DIR);
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  stampPgliteTemplate(dir);
  console.log(`PGlite template: ${dir}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
