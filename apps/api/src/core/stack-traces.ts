import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces of the built server name the source files (`src/…/x.ts:line:column`), like `--enable-source-maps`,
 * but a bundle's source map is read the first time a stack shows one of its frames, not while the server starts
 * (Node reads every map as its module loads: ~0.05–0.1 s of every start, for a stack that is rarely formatted).
 * server.ts installs it, unless Node already maps stacks itself (`--enable-source-maps`).
 */
export function installLazySourceMappedStacks(): void {
  if (process.sourceMapsEnabled) return;
  Error.prepareStackTrace = sourceMappedStackFormatter();
}

/** An `Error.prepareStackTrace` that maps each frame of a built file through its source map, read at first need. */
export function sourceMappedStackFormatter(): (error: Error, callSites: NodeJS.CallSite[]) => string {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string): SourceMap | null => {
    let map = maps.get(file);
    if (map === undefined) {
      map = readSourceMap(file);
      maps.set(file, map);
    }
    return map;
  };
  return (error, callSites) => {
    const frames = callSites.map((site) => {
      try {
        return `    at ${mappedFrame(site, mapOf)}`;
      } catch {
        // A stack is still written when a frame cannot be mapped (a malformed map): as V8 writes it.
        return `    at ${site}`;
      }
    });
    return [headerOf(error), ...frames].join('\n');
  };
}

/** `Name: message`, as V8 writes it (`Error.prototype.toString`). */
function headerOf(error: unknown): string {
  try {
    return String(error);
  } catch {
    return '<error>';
  }
}

/** The bundle's map beside it (`x.js.map`), or null when it has none. Only built files (`.js`) are looked up. */
function readSourceMap(file: string): SourceMap | null {
  if (!file.endsWith('.js')) return null;
  try {
    const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    return new SourceMap(payload);
  } catch {
    return null;
  }
}

/** V8's own text of a frame, with its position replaced by the original one when a source map knows it. */
function mappedFrame(site: NodeJS.CallSite, mapOf: (file: string) => SourceMap | null): string {
  const text = site.toString();
  const name = site.getFileName();
  const line = site.getLineNumber();
  const column = site.getColumnNumber();
  if (!name || line === null || column === null) return text;
  const file = name.startsWith('file://') ? fileURLToPath(name) : name;
  const map = mapOf(file);
  if (!map) return text;
  const entry = map.findEntry(line - 1, column - 1) as {
    originalSource?: string;
    originalLine?: number;
    originalColumn?: number;
  };
  if (
    entry.originalSource === undefined ||
    entry.originalLine === undefined ||
    entry.originalColumn === undefined
  ) {
    return text;
  }
  // esbuild writes the sources relative to the map (beside the bundle).
  const source = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : path.resolve(path.dirname(file), entry.originalSource);
  const original = `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return text.replace(`${name}:${line}:${column}`, original);
}
