import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl from Debian's packages) on a free port, so a test may stop
 * and start it without touching the machine's shared server. As root it runs as the `postgres` account.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  destroy(): void;
}

function binary(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin', name);
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(path.join(tmpdir(), 'rentora-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const idOf = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, idOf('-u'), idOf('-g'));
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', binary(command), ...args], { stdio: 'pipe' })
      : execFileSync(binary(command), args, { stdio: 'pipe' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-w', '-l', path.join(dir, 'log'), 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
