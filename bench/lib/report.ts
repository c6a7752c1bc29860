import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { ROOT } from './server';

export type Cell = string | number;

/**
 * A GitHub-flavoured markdown table. Columns whose cells are all numbers are right-aligned, as are those listed in
 * `rightAligned` (e.g. numbers shown as text like "<1").
 */
export function markdownTable(headers: string[], rows: Cell[][], rightAligned: number[] = []): string {
  const right = headers.map(
    (_, column) =>
      rightAligned.includes(column) ||
      (rows.length > 0 && rows.every((row) => typeof row[column] === 'number')),
  );
  const text = (cell: Cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell);
  const lines = [
    `| ${headers.join(' | ')} |`,
    `|${right.map((isRight) => (isRight ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => `| ${row.map(text).join(' | ')} |`),
  ];
  return lines.join('\n');
}

/** Latency in ms as measured (autocannon resolves whole milliseconds): "<1" for 0. */
export function ms(value: number): Cell {
  return value < 1 ? '<1' : value;
}

/** A percentage like "64%" of part over whole. */
export function percent(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((100 * part) / whole)}%` : 'n/a';
}

/** One line that says where the numbers come from. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return (
    `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 1024 ** 3)} GB RAM, Node ${process.version}; ` +
    `load average at start ${load}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`
  );
}

/**
 * Replaces the `## <title>` section of docs/performance.md (up to the next `## ` heading) with `body`,
 * or appends it. Other sections (other benchmarks) are left as they are.
 */
export function writeDocSection(
  title: string,
  body: string,
  file = path.join(ROOT, 'docs/performance.md'),
): void {
  const heading = `## ${title}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const section = `${heading}\n\n${body.trim()}\n`;
  const lines = current.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = lines.findIndex((line, index) => index > start && line.startsWith('## '));
    const before = lines.slice(0, start).join('\n').trimEnd();
    const rest = after === -1 ? '' : `\n${lines.slice(after).join('\n')}`;
    next = `${before}\n\n${section}${rest}`;
  }
  writeFileSync(file, `${next.trimEnd()}\n`);
}

/** Raw results as JSON under bench/results/ (git-ignored), for comparing runs. */
export function saveResults(name: string, data: unknown): string {
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
