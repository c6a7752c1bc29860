import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './server';

/**
 * The API bundled from the working tree into bench/results/ (npm packages stay external, migrations copied), as
 * apps/api/build.mjs does, so that a build by someone else cannot swap the server halfway through a run.
 */
export async function bundleServer(label: string): Promise<string> {
  const dir = path.join(ROOT, 'bench/results', `${label}-server-${process.pid}`);
  await build({
    entryPoints: [path.join(ROOT, 'apps/api/src/server.ts')],
    outfile: path.join(dir, 'server.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    logLevel: 'warning',
    plugins: [
      {
        name: 'externalise-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@rentora/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  cpSync(path.join(ROOT, 'apps/api/src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'server.js');
}
