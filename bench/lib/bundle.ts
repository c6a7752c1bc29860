import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../apps/api/bundle-options.mjs';
import { ROOT } from './server';

/**
 * The API bundled from the working tree into bench/results/ (with the options of apps/api/build.mjs, migrations
 * copied), so that a build by someone else cannot swap the server halfway through a run.
 */
export async function bundleServer(label: string): Promise<string> {
  const dir = path.join(ROOT, 'bench/results', `${label}-server-${process.pid}`);
  await build(
    serverBundleOptions({
      entryPoints: [path.join(ROOT, 'apps/api/src/server.ts')],
      outdir: dir,
      // As apps/api/build.mjs: the server reads the map when a stack trace shows the bundle (core/stack-traces.ts).
      sourcemap: true,
      logLevel: 'warning',
    }),
  );
  cpSync(path.join(ROOT, 'apps/api/src/db/migrations'), path.join(dir, 'migrations'), { recursive: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'server.js');
}
