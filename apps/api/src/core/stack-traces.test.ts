import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const FORMATTER = fileURLToPath(new URL('./stack-traces.ts', import.meta.url));

const THROWER = `// a comment that the bundle drops
type Reason = string;

export function fail(reason: Reason): never {
  throw new Error(reason);
}
`;

describe('sourceMappedStackFormatter (stack traces of the built server)', () => {
  it("names the source file and line of a bundle's frame, read from the map when the stack is formatted", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rentora-stack-'));
    mkdirSync(path.join(dir, 'src'));
    const thrower = path.join(dir, 'src', 'thrower.ts');
    writeFileSync(thrower, THROWER);
    const entry = path.join(dir, 'src', 'entry.ts');
    writeFileSync(
      entry,
      `import { sourceMappedStackFormatter } from ${JSON.stringify(FORMATTER)};
import { fail } from './thrower';
Error.prepareStackTrace = sourceMappedStackFormatter();
try {
  fail('boom');
} catch (error) {
  console.log((error as Error).stack);
}
`,
    );
    // Built and run as the server is: a bundle beside its map, run by Node itself (no test transform in between).
    const bundle = path.join(dir, 'dist', 'entry.js');
    await build({ entryPoints: [entry], outfile: bundle, bundle: true, platform: 'node', sourcemap: true });
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('Error: boom');
    // Line 5 of the TypeScript source, column 9 (`new Error`), not the bundle's position.
    expect(lines[1]).toBe(`    at fail (${thrower}:5:9)`);
    expect(run.stdout).not.toContain('entry.js:');
  });
});
