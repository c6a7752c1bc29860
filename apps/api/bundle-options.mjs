// The esbuild options of the server bundle, shared by build.mjs and the benchmarks (bench/lib/bundle.ts).
//
// The npm packages the server loads at start-up (fastify and its plugins, zod, fast-jwt, prom-client, helmet, …) are
// bundled with it: loaded from node_modules they cost ~0.4 s of CPU to resolve, read and compile file by file, bundled
// ~0.2 s (docs/performance.md, "Light at rest"). Kept external, and so loaded from node_modules as before:
// - every package the server imports with `import()` (core/lazy-modules.ts and the clients made on demand): they stay
//   out of start-up, and out of the bundle;
// - packages with native code or that read files of their own: PGlite (its wasm and data files), argon2, sharp,
//   Swagger UI (its static files) and @fastify/swagger (its package.json);
// - drizzle-orm, pg and socket.io: their drivers and adapters (drizzle-orm/pglite, pg-boss, the Redis adapter) are
//   imported lazily from node_modules and must share one copy of the core with the server.

import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KEEP_EXTERNAL =
  /^(@electric-sql\/pglite|@node-rs\/[^/]+|sharp|@fastify\/swagger(-ui)?|drizzle-orm|pg|pg-boss|socket\.io|@socket\.io\/[^/]+|redis|@redis\/[^/]+)(\/|$)/;

/** Whether an import of `path` (`kind` as esbuild names it) is left to Node at run time. */
export function isExternal(path, kind) {
  if (path.startsWith('@rentora/')) return false;
  return path.startsWith('node:') || kind === 'dynamic-import' || KEEP_EXTERNAL.test(path);
}

/** The embedded database's thread (src/db/pglite-worker.mjs), copied beside the bundle: it is started by file. */
const PGLITE_WORKER = fileURLToPath(new URL('./src/db/pglite-worker.mjs', import.meta.url));

/** esbuild options for `entryPoints`, written to `outdir`. */
export function serverBundleOptions(options) {
  return {
    ...options,
    bundle: true,
    // server.ts loads serve.ts with import(): a chunk of its own, so that the entry starts the embedded database
    // before the server's modules are read (modules both need go to shared chunks, loaded once).
    splitting: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // The server reads the map when a stack trace shows the bundle (src/core/stack-traces.ts): without the sources' text
    // (6 MB of the 9.7 MB) that costs ~15 ms instead of ~80 ms. Stack traces still name the source files and lines.
    sourcesContent: false,
    plugins: [
      {
        name: 'pglite-worker',
        setup(build) {
          build.onEnd((result) => {
            if (result.errors.length === 0)
              copyFileSync(PGLITE_WORKER, path.join(options.outdir, 'pglite-worker.mjs'));
          });
        },
      },
      {
        name: 'start-up-packages-only',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            isExternal(args.path, args.kind) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
    // Bundled CommonJS packages call require() (Node built-ins and the external packages above).
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  };
}
