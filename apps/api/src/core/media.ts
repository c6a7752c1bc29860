import { createHmac, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/multipart';
import { MAINTENANCE_MEDIA_UPLOAD } from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { AppError, badRequest } from './errors';
import { processImage } from './images';
import type { Storage } from './storage';

/** Maintenance media: images (re-encoded without metadata), short MP4/WebM videos and PDFs, told by their bytes. */

export type MediaKind = 'image' | 'video' | 'pdf';

export interface SniffedType {
  kind: MediaKind;
  mimeType: string;
  ext: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** ISO-BMFF brands of MP4 video (HEIC/AVIF images share the container and are told apart by brand). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
]);

export function sniffMedia(data: Buffer): SniffedType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { kind: 'pdf', mimeType: 'application/pdf', ext: 'pdf' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { kind: 'image', mimeType: 'image/jpeg', ext: 'jpg' };
  }
  if (data.length >= 8 && PNG.every((byte, index) => data[index] === byte)) {
    return { kind: 'image', mimeType: 'image/png', ext: 'png' };
  }
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { kind: 'image', mimeType: 'image/webp', ext: 'webp' };
  }
  if (data.length >= 12 && data.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = data.subarray(8, 12).toString('latin1');
    if (MP4_BRANDS.has(brand)) return { kind: 'video', mimeType: 'video/mp4', ext: 'mp4' };
    return null;
  }
  if (data.length >= 4 && data[0] === 0x1a && data[1] === 0x45 && data[2] === 0xdf && data[3] === 0xa3) {
    return { kind: 'video', mimeType: 'video/webm', ext: 'webm' };
  }
  return null;
}

export interface StoredMedia {
  id: string;
  kind: MediaKind;
  storageKey: string;
  mimeType: string;
  size: number;
  fileName: string;
}

const unsupported = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Only photos (JPEG, PNG, WebP), MP4 or WebM videos and PDFs are accepted',
  );

function safeFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '').replace(/[^\w.-]+/g, '_').slice(0, 100);
  return base || `file.${ext}`;
}

/**
 * Checks one file by content (`refused()` when it is no photo, video or PDF), re-encodes images (no GPS or other
 * metadata kept) and stores it under `keyPrefix` with a new id.
 */
export async function storeMediaFile(
  storage: Storage,
  keyPrefix: string,
  file: { data: Buffer; fileName: string | undefined },
  refused: () => AppError = unsupported,
): Promise<StoredMedia> {
  const sniffed = sniffMedia(file.data);
  if (!sniffed) throw refused();
  let data = file.data;
  let { mimeType, ext } = sniffed;
  if (sniffed.kind === 'image') {
    const image = await processImage(file.data);
    data = image.data;
    mimeType = image.mimeType;
    ext = image.ext;
  }
  const id = uuidv7();
  const item: StoredMedia = {
    id,
    kind: sniffed.kind,
    storageKey: `${keyPrefix}/${id}.${ext}`,
    mimeType,
    size: data.length,
    fileName: safeFileName(file.fileName, ext),
  };
  await storage.put(item.storageKey, data, mimeType);
  return item;
}

/**
 * Reads the repeated file field `media` of a multipart request and stores each file under `keyPrefix`.
 * Every file is checked by content; images are re-encoded (no GPS or other metadata kept). On any failure the
 * files already stored are removed again. At most `maxFiles` files, each at most `limitBytes` (413 beyond).
 */
export async function receiveMedia(
  request: FastifyRequest,
  storage: Storage,
  options: { keyPrefix: string; maxFiles: number; limitBytes: number },
): Promise<StoredMedia[]> {
  const field = MAINTENANCE_MEDIA_UPLOAD.field;
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the files as multipart/form-data in the field "${field}"`,
    );
  }
  const stored: StoredMedia[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.limitBytes,
        files: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest,
        fields: 5,
        fieldSize: 200,
        parts: MAINTENANCE_MEDIA_UPLOAD.maxFilesPerRequest + 5,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`, field);
      }
      if (stored.length >= options.maxFiles) {
        part.file.resume();
        throw new AppError('CONFLICT', `At most ${MAINTENANCE_MEDIA_UPLOAD.maxPerRequest} files per request`);
      }
      const data = await part.toBuffer();
      stored.push(await storeMediaFile(storage, options.keyPrefix, { data, fileName: part.filename }));
    }
  } catch (error) {
    await removeMediaFiles(storage, stored);
    throw error;
  }
  if (stored.length === 0) throw badRequest(`Attach at least one file in the field "${field}"`, field);
  return stored;
}

export async function removeMediaFiles(
  storage: Storage,
  files: readonly { storageKey: string }[],
): Promise<void> {
  await Promise.all(files.map((file) => storage.delete(file.storageKey)));
}

/** Media links live 15 to 20 minutes (rounded to 5 minutes so a page's URLs stay the same for a while). */
export const MEDIA_URL_SECONDS = 900;
const ROUND_SECONDS = 300;

export interface MediaSigner {
  url(mediaId: string, now?: Date): string;
  verify(mediaId: string, exp: number | undefined, sig: string | undefined, now?: Date): boolean;
}

/** Short-lived signed links to `/api/maintenance/media/:mediaId/file`. */
export function createMediaSigner(secret: string): MediaSigner {
  const key = createHmac('sha256', secret).update('rentora:maintenance-media:v1').digest();
  const signatureOf = (mediaId: string, exp: number) =>
    createHmac('sha256', key).update(`${mediaId}\n${exp}`).digest('base64url');
  return {
    url(mediaId, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000) + MEDIA_URL_SECONDS;
      const exp = Math.ceil(seconds / ROUND_SECONDS) * ROUND_SECONDS;
      return `/api/maintenance/media/${mediaId}/file?exp=${exp}&sig=${signatureOf(mediaId, exp)}`;
    },
    verify(mediaId, exp, sig, now = new Date()) {
      if (exp === undefined || !sig) return false;
      if (exp * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(signatureOf(mediaId, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
