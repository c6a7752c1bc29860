// Bundles the API (and the shared package) into dist/server.js (+ dist/storage-migrate.js), with the npm packages it
// loads at start-up (bundle-options.mjs); the others stay external.
// The migrations and the assets (PDF fonts) are copied beside it, and dist/pglite-template is made: a migrated, empty
// PGlite data dir that a first start copies instead of running initdb and the migrations (db/pglite-template.ts),
// and dist/demo-photos: the demo seed's pictures, rendered once (modules/properties/demo-photos.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options.mjs';

rmSync('dist', { recursive: true, force: true });
await build(
  serverBundleOptions({
    entryPoints: [
      'src/server.ts',
      'src/storage-migrate.ts',
      'src/make-pglite-template.ts',
      'src/make-demo-photos.ts',
    ],
    outdir: 'dist',
    sourcemap: true,
  }),
);
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// The PDF fonts (core/pdf-fonts.ts looks beside the bundle first).
cpSync('assets', 'dist/assets', { recursive: true });
execFileSync(process.execPath, ['dist/make-pglite-template.js'], { stdio: 'inherit' });
execFileSync(process.execPath, ['dist/make-demo-photos.js'], { stdio: 'inherit' });
console.log('api built: dist/server.js');
