// `cd bench && node --import tsx baseline.ts <dir>`: bundles the API of this working tree into <dir> (server.js and
// its migrations) and keeps it, to be measured later as BENCH_BASELINE_BUNDLE=<dir>/server.js beside a changed tree
// (floor.ts, footprint.ts, notify-burst.ts, cold-cpu.ts). Run it before changing anything, or in a checkout of the
// commit to compare against; keep <dir> under bench/results/ (git-ignored) so that the bundle's packages resolve.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from './lib/bundle';

const target = process.argv[2];
if (!target) throw new Error('usage: node --import tsx baseline.ts <dir>');
const bundle = await bundleServer('baseline');
cpSync(path.dirname(bundle), path.resolve(target), { recursive: true });
console.log(`BENCH_BASELINE_BUNDLE=${path.resolve(target, 'server.js')}`);
