import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { PDFDocument } from 'pdf-lib';
import { loadFontkit } from './lazy-modules';

/**
 * The fonts of the API's PDFs: DejaVu Sans Condensed, regular and bold (apps/api/assets/fonts, Bitstream Vera
 * licence), which carry the rupee sign that pdf-lib's standard WinAnsi fonts lack. Read and parsed at the first
 * document, not at start-up (core/lazy-modules.ts).
 */
export interface PdfFonts {
  /** fontkit for `registerFontkit`, handing out the two fonts parsed once (not once per document). */
  fontkit: Fontkit;
  regular: Uint8Array;
  bold: Uint8Array;
  /** The code points both fonts draw; anything else is printed as "?". */
  covered: ReadonlySet<number>;
}

/** What pdf-lib's `registerFontkit` takes. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

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
    const files = [new Uint8Array(regular), new Uint8Array(bold)] as const;
    // pdf-lib parses the bytes it is given for every document; a parsed font serves any number of documents (each
    // makes its own subset), which saves most of the cost of a document's fonts.
    type Font = ReturnType<Fontkit['create']>;
    const parse = (bytes: Uint8Array, name?: string) => fontkit.create(bytes, name) as unknown as Font;
    const parsed = new Map<Uint8Array, Font>(files.map((bytes) => [bytes, parse(bytes)]));
    const cached: Fontkit = { create: (bytes, name) => parsed.get(bytes) ?? parse(bytes, name) };
    const [a, b] = files.map((bytes) => new Set(parsed.get(bytes)!.characterSet));
    const covered = new Set([...a!].filter((point) => b!.has(point)));
    return { fontkit: cached, regular: files[0], bold: files[1], covered };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
