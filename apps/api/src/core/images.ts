import type {} from '@fastify/multipart';
import { IMAGE_UPLOAD } from '@rentora/shared';
import type { FastifyRequest } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { AppError, badRequest } from './errors';
import { loadSharp } from './lazy-modules';
import type { Storage } from './storage';

/** Image uploads: the type is told by the bytes (sharp reads the header), never by the name or the declared type. */

const FORMATS = {
  jpeg: { mimeType: 'image/jpeg', ext: 'jpg' },
  png: { mimeType: 'image/png', ext: 'png' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
  avif: { mimeType: 'image/avif', ext: 'avif' },
} as const;
type AcceptedFormat = keyof typeof FORMATS;

/** Originals larger than this are scaled down; a 50-megapixel cap protects against decompression bombs. */
const MAX_EDGE_PX = 2560;
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  data: Buffer;
  thumbnail: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
}

const unsupported = (detail = 'Only JPEG, PNG, WebP and AVIF images are accepted') =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', detail);

/**
 * Checks that `input` is an image of an accepted format by its content, then re-encodes it: upright
 * (EXIF orientation applied), at most 2560 px on the long edge, without metadata (no GPS position leaks),
 * plus a 400 px WebP thumbnail.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let format: AcceptedFormat;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !(meta.format in FORMATS)) throw unsupported();
    format = meta.format as AcceptedFormat;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupported('The file is not an image we can read: use JPEG, PNG, WebP or AVIF');
  }
  try {
    const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data, info } = await source()
      .resize({ width: MAX_EDGE_PX, height: MAX_EDGE_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(format, format === 'png' ? { compressionLevel: 8 } : { quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await source()
      .resize({
        width: IMAGE_UPLOAD.thumbnailWidth,
        height: IMAGE_UPLOAD.thumbnailWidth,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer();
    return { data, thumbnail, ...FORMATS[format], width: info.width, height: info.height };
  } catch {
    throw unsupported('The image is damaged or too large to process');
  }
}

export interface StoredImage {
  id: string;
  storageKey: string;
  thumbnailKey: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

export interface ImageUpload {
  images: StoredImage[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart request with the repeated file field `images` (plus optional text fields), processing and
 * storing each file as it arrives so that at most one original is held in memory. On any failure every file
 * already stored is removed again. Limits: `limitBytes` per file, 10 files (413 beyond either).
 */
export async function receiveImages(
  request: FastifyRequest,
  storage: Storage,
  options: { limitBytes: number; keyPrefix: string; maxFiles: number },
): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the images as multipart/form-data in the field "${IMAGE_UPLOAD.field}"`,
    );
  }
  const images: StoredImage[] = [];
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.limitBytes,
        files: IMAGE_UPLOAD.maxFilesPerRequest,
        fields: 10,
        fieldSize: 1000,
        parts: IMAGE_UPLOAD.maxFilesPerRequest + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMAGE_UPLOAD.field) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}"`, IMAGE_UPLOAD.field);
      }
      if (images.length >= options.maxFiles) {
        part.file.resume();
        throw new AppError('CONFLICT', `At most ${IMAGE_UPLOAD.maxImagesPerItem} images are allowed`);
      }
      const processed = await processImage(await part.toBuffer());
      const id = uuidv7();
      const image: StoredImage = {
        id,
        storageKey: `${options.keyPrefix}/${id}.${processed.ext}`,
        thumbnailKey: `${options.keyPrefix}/${id}_thumb.webp`,
        mimeType: processed.mimeType,
        size: processed.data.length,
        width: processed.width,
        height: processed.height,
      };
      await storage.put(image.storageKey, processed.data, processed.mimeType);
      await storage.put(image.thumbnailKey, processed.thumbnail, 'image/webp');
      images.push(image);
    }
  } catch (error) {
    await removeImageFiles(storage, images);
    throw error;
  }
  if (images.length === 0) {
    throw badRequest(`Attach at least one image in the field "${IMAGE_UPLOAD.field}"`, IMAGE_UPLOAD.field);
  }
  return { images, fields };
}

/** Deletes the files of images (originals and thumbnails); missing files are ignored. */
export async function removeImageFiles(
  storage: Storage,
  images: readonly { storageKey: string; thumbnailKey: string }[],
): Promise<void> {
  await Promise.all(
    images.flatMap((image) => [storage.delete(image.storageKey), storage.delete(image.thumbnailKey)]),
  );
}
