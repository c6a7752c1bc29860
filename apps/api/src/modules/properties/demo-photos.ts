import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProcessedImage, processImage } from '../../core/images';
import { loadSharp } from '../../core/lazy-modules';

/** A picture of the demo inventory: a gradient with a label (the demo has no photographs to ship). */
export interface DemoPhoto {
  colors: readonly [string, string];
  label: string;
  angle: number;
}

/**
 * The demo photos made by `npm run build` beside the bundle (dist/demo-photos, by src/make-demo-photos.ts), as the
 * seed would store them: rendering and re-encoding the ~40 pictures with sharp was about half of the demo seed's CPU
 * on a first start. Without them (tests, `tsx`, a bundle made by a benchmark) the seed renders each picture itself.
 */
export const DEMO_PHOTOS_DIR = fileURLToPath(new URL('./demo-photos', import.meta.url));

const MANIFEST = 'manifest.json';

interface ManifestEntry {
  file: string;
  thumbnail: string;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
}
type Manifest = Record<string, ManifestEntry>;

function demoPhotoSvg(photo: DemoPhoto): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="g" gradientTransform="rotate(${photo.angle})">
      <stop offset="0" stop-color="${photo.colors[0]}"/><stop offset="1" stop-color="${photo.colors[1]}"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/>
    <rect x="200" y="330" width="800" height="140" rx="24" fill="#ffffff" fill-opacity="0.25"/>
    <text x="600" y="420" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${photo.label.replace(/[<>&"]/g, '')}</text>
  </svg>`;
}

/** A photo is found by the hash of its SVG, so a picture whose colours, label or angle changed is never reused. */
export function demoPhotoKey(photo: DemoPhoto): string {
  return createHash('sha256').update(demoPhotoSvg(photo)).digest('hex').slice(0, 32);
}

/** Renders the picture as a JPEG and processes it as an upload would be (re-encoded original + WebP thumbnail). */
export async function renderDemoPhoto(photo: DemoPhoto): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const jpeg = await sharp(Buffer.from(demoPhotoSvg(photo)))
    .jpeg({ quality: 82 })
    .toBuffer();
  return processImage(jpeg);
}

/** Writes every photo, processed, and a manifest into `dir` (replacing what was there). */
export async function writeDemoPhotos(photos: readonly DemoPhoto[], dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest: Manifest = {};
  for (const photo of photos) {
    const key = demoPhotoKey(photo);
    if (manifest[key]) continue;
    const image = await renderDemoPhoto(photo);
    const entry: ManifestEntry = {
      file: `${key}.${image.ext}`,
      thumbnail: `${key}_thumb.webp`,
      mimeType: image.mimeType,
      ext: image.ext,
      width: image.width,
      height: image.height,
    };
    writeFileSync(path.join(dir, entry.file), image.data);
    writeFileSync(path.join(dir, entry.thumbnail), image.thumbnail);
    manifest[key] = entry;
  }
  // Written last: a build that dies halfway leaves no manifest, so the seed renders instead.
  writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
}

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * The demo photos for the seed: read from `dir` when it holds them, rendered otherwise (also for any one picture the
 * directory lacks or cannot read).
 */
export function createDemoPhotoSource(dir = DEMO_PHOTOS_DIR): (photo: DemoPhoto) => Promise<ProcessedImage> {
  let manifest: Promise<Manifest | undefined> | undefined;
  return async (photo) => {
    manifest ??= readManifest(dir);
    const entry = (await manifest)?.[demoPhotoKey(photo)];
    if (entry) {
      const prebuilt = await readPrebuilt(dir, entry);
      if (prebuilt) return prebuilt;
    }
    return renderDemoPhoto(photo);
  };
}

async function readPrebuilt(dir: string, entry: ManifestEntry): Promise<ProcessedImage | undefined> {
  try {
    const [data, thumbnail] = await Promise.all([
      readFile(path.join(dir, path.basename(entry.file))),
      readFile(path.join(dir, path.basename(entry.thumbnail))),
    ]);
    return {
      data,
      thumbnail,
      mimeType: entry.mimeType,
      ext: entry.ext,
      width: entry.width,
      height: entry.height,
    };
  } catch {
    return undefined;
  }
}
