import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A migrated, empty PGlite data dir that `npm run build` makes beside the bundle (dist/pglite-template, by
 * src/make-pglite-template.ts). A first start on an empty DATA_DIR copies it instead of running PGlite's initdb and
 * every migration (about 7 s of CPU of the 10 s first start, docs/performance.md "Light at rest"); the migrator still
 * runs after it and applies any migration newer than the template. Without a template (tests, `tsx`, a bundle made
 * by a benchmark) or with one made by another PGlite version, PGlite's initdb runs as before.
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** The file in a template that names the PGlite version that made it (its data dir format). */
const STAMP_FILE = 'rentora-pglite-version';

/** The installed PGlite's version: a template made by another one is not used. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Marks `dir` (a closed, migrated PGlite data dir) as a template of the installed PGlite. */
export function stampPgliteTemplate(dir: string): void {
  writeFileSync(path.join(dir, STAMP_FILE), pgliteVersion());
}

/**
 * Fills `dataDir` from the template when it is missing or empty (anything else is left to PGlite as before). The copy
 * goes to a sibling directory first and is renamed into place, so a start that dies halfway leaves no half-copied
 * database behind. Returns whether the template was used.
 */
export function copyPgliteTemplate(dataDir: string, templateDir = PGLITE_TEMPLATE_DIR): boolean {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const stamp = path.join(templateDir, STAMP_FILE);
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== pgliteVersion()) return false;
  const staging = `${dataDir}.template-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(templateDir, staging, { recursive: true, filter: (source) => path.basename(source) !== STAMP_FILE });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
  return true;
}
