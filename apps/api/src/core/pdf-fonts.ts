import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadFontkit } from './lazy-modules';

/**
 * The fonts of the API's PDFs: DejaVu Sans Condensed, regular and bold (apps/api/assets/fonts, Bitstream Vera
 * licence), which carry the rupee sign that pdf-lib's standard WinAnsi fonts lack. Read and parsed at the first
 * document, not at start-up (core/lazy-modules.ts).
 */
export interface PdfFonts {
  fontkit: Awaited<ReturnType<typeof loadFontkit>>;
  regular: Uint8Array;
  bold: Uint8Array;
  /** The code points both fonts draw; anything else is printed as "?". */
  covered: ReadonlySet<number>;
}

const FILES = { regular: 'DejaVuSansCondensed.ttf', bold: 'DejaVuSansCondensed-Bold.ttf' } as const;

/**
 * The fonts folder: beside the bundle (dist/assets/fonts, copied by build.mjs) when running the built server, or
 * apps/api/assets/fonts when running from src/core (tsx, Vitest).
 */
export function fontsDir(): string {
  const candidates = [
    new URL('./assets/fonts/', import.meta.url),
    new URL('../../assets/fonts/', import.meta.url),
  ];
  for (const url of candidates) {
    const dir = fileURLToPath(url);
    if (existsSync(`${dir}${FILES.regular}`)) return dir;
  }
  throw new Error(`PDF fonts not found (looked in ${candidates.map((u) => fileURLToPath(u)).join(', ')})`);
}

let loaded: Promise<PdfFonts> | undefined;

/** The fonts, read and parsed once per process. */
export function loadPdfFonts(): Promise<PdfFonts> {
  loaded ??= (async () => {
    const dir = fontsDir();
    const [fontkit, regular, bold] = await Promise.all([
      loadFontkit(),
      readFile(`${dir}${FILES.regular}`),
      readFile(`${dir}${FILES.bold}`),
    ]);
    const both = [regular, bold].map((bytes) => new Set(fontkit.create(bytes).characterSet));
    const covered = new Set([...both[0]!].filter((point) => both[1]!.has(point)));
    return { fontkit, regular: new Uint8Array(regular), bold: new Uint8Array(bold), covered };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
