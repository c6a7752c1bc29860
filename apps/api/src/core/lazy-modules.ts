import type { RGB } from 'pdf-lib';

/**
 * Heavy libraries that only rare requests need (PDF and its fonts, spreadsheets, image processing, the S3 SDK, mail,
 * QR codes), loaded at first use instead of at start-up: each costs 10–30 MB of memory and 0.1–2 s of CPU to import
 * (docs/performance.md, "Light at rest"). The server bundle keeps npm packages external, so a dynamic `import()` here
 * is what keeps them out of the start-up path (a static import anywhere in the API would load them again).
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

export const loadPdfLib = once(() => import('pdf-lib'));
export const loadSharp = once(async () => (await import('sharp')).default);
export const loadExcelJs = once(async () => (await import('exceljs')).default);
export const loadQrCode = once(async () => (await import('qrcode')).default);
export const loadNodemailer = once(async () => (await import('nodemailer')).default);
export const loadJsZip = once(async () => (await import('jszip')).default);

type Fontkit = typeof import('@pdf-lib/fontkit');
/** fontkit for pdf-lib's custom fonts (core/pdf-fonts.ts): a CommonJS/ES package whose object is its default export. */
export const loadFontkit = once(async (): Promise<Fontkit> => {
  const module: Fontkit & { default?: Fontkit } = await import('@pdf-lib/fontkit');
  return module.default ?? module;
});

/** pdf-lib's `rgb()` without loading pdf-lib: the same plain colour object (components 0–1). */
export const rgb = (red: number, green: number, blue: number): RGB =>
  ({ type: 'RGB', red, green, blue }) as RGB;
