import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every emitted JS, CSS, HTML and SVG file, when
 * smaller than the file. The API serves them to clients that accept them (@fastify/static `preCompressed`,
 * apps/api/src/core/web-app.ts), so no request pays for compression and the best levels are affordable.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'rentora:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|mjs|css|html|svg)$/.test(file));
      // A few at a time: the build shares the machine.
      const queue = [...files];
      const work = async () => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${target}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${target}.gz`, gzipped);
        }
      };
      await Promise.all([work(), work(), work()]);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
      '/uploads': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // @rentora/shared is pure (schemas, constants, permission functions): let the bundler drop
        // the modules a chunk does not use, so public pages do not carry zod and every schema.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, TanStack Query, the API client, the
          // layouts…) in one chunk: left alone, the bundler splits it into a dozen chunks shared with lazy pages,
          // which costs every page requests and ~5 KB gzip of chunk overhead.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // Icons (lucide-react: one tiny module each) that lazily loaded pages share: grouped by the set of pages
            // using them, small groups merged into a neighbour, so that a page loads a few icon chunks rather than
            // one request per icon (the home page made 15 requests of ~200 bytes each, a round trip apiece on a
            // slow mobile network).
            {
              name: 'icons',
              test: /[\\/]lucide-react[\\/]/,
              priority: 1,
              entriesAware: true,
              entriesAwareMergeThreshold: 2 * 1024,
            },
          ],
        },
      },
    },
  },
});
