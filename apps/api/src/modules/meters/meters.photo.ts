import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { badRequest } from '../../core/errors';
import { processImage, removeImageFiles } from '../../core/images';
import type { Storage } from '../../core/storage';

export const PHOTO_FIELD = 'photo';

export interface ReadingPhoto {
  storageKey: string;
  thumbnailKey: string;
}

/** Where a meter's reading photos live; the `/uploads` route lets signed links of this prefix through. */
export const meterPhotoPrefix = (companyId: string, meterId: string) => `meters/${companyId}/${meterId}`;

/**
 * Reads a reading sent as multipart: its text fields and at most one image in `photo`, checked by its content and
 * re-encoded without metadata (a thumbnail beside it). JSON bodies are answered as they are, without a photo.
 */
export async function receiveReading(
  request: FastifyRequest,
  storage: Storage,
  options: { limitBytes: number; keyPrefix: string },
): Promise<{ fields: unknown; photo: ReadingPhoto | null }> {
  if (!request.isMultipart()) return { fields: request.body ?? {}, photo: null };
  const fields: Record<string, string> = {};
  let photo: ReadingPhoto | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: options.limitBytes, files: 1, fields: 5, fieldSize: 100, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== PHOTO_FIELD || photo) {
        part.file.resume();
        throw badRequest(`Send one image in the field "${PHOTO_FIELD}"`, PHOTO_FIELD);
      }
      const image = await processImage(await part.toBuffer());
      const id = uuidv7();
      const stored = {
        storageKey: `${options.keyPrefix}/${id}.${image.ext}`,
        thumbnailKey: `${options.keyPrefix}/${id}_thumb.webp`,
      };
      await storage.put(stored.storageKey, image.data, image.mimeType);
      await storage.put(stored.thumbnailKey, image.thumbnail, 'image/webp');
      photo = stored;
    }
  } catch (error) {
    if (photo) await removeImageFiles(storage, [photo]);
    throw error;
  }
  return { fields, photo };
}

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The type of a reading photo by its key (the server named it after the checked content). */
export function meterPhotoMime(key: string): string | null {
  if (!key.startsWith('meters/')) return null;
  return MIME_BY_EXT[key.slice(key.lastIndexOf('.') + 1)] ?? null;
}
