import type { BuildOptions } from 'esbuild';

export function isExternal(path: string, kind: string): boolean;
export function serverBundleOptions(
  options: Pick<BuildOptions, 'entryPoints' | 'outdir' | 'outfile' | 'sourcemap' | 'logLevel' | 'metafile'>,
): BuildOptions;
