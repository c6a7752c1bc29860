// `npm start`: builds what is not built, then runs the one server process (API + web app) on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiBundle = path.join(root, 'apps/api/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(webIndex) || process.env.REBUILD === 'true') build('apps/web');
if (!existsSync(apiBundle) || process.env.REBUILD === 'true') build('apps/api');

// Stack traces name the source files (apps/api/src/core/stack-traces.ts reads the bundle's map when one is shown).
const child = spawn(process.execPath, [apiBundle], {
  cwd: root,
  stdio: 'inherit',
  // Two malloc arenas instead of glibc's eight per core: the seeding burst (image generation on worker threads) left
  // ~50 MB of freed memory held in per-thread arenas at rest.
  env: { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
