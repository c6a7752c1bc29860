import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { createLocalStorage, isValidStorageKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver): `http://127.0.0.1:9000`. Unset: AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most local servers need `bucket` in the path rather than the host name. */
  forcePathStyle?: boolean;
  /** Prepended to every key, so several deployments can share one bucket. */
  prefix?: string;
}

function assertKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * Files in an S3-compatible bucket through the maintained AWS SDK; private by default (no public ACLs). The SDK is
 * loaded here, not at start-up (about 25 MB and most of a second that a server storing files on disk never needs).
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage & { client: S3Client }> {
  const [
    {
      DeleteObjectCommand,
      GetObjectCommand,
      HeadObjectCommand,
      NoSuchKey,
      NotFound,
      PutObjectCommand,
      S3Client,
      S3ServiceException,
    },
    { getSignedUrl },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const isMissing = (error: unknown): boolean => {
    if (error instanceof NoSuchKey || error instanceof NotFound) return true;
    return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertKey(key);
    return `${options.prefix ?? ''}${key}`;
  };

  return {
    kind: 's3',
    client,

    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentType: contentType }),
      );
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    presignedUrl(key, { expiresInSeconds, contentType }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(key),
          ResponseContentType: contentType,
          ResponseCacheControl: 'private, max-age=60',
        }),
        { expiresIn: expiresInSeconds },
      );
    },
  };
}

/** Reads a whole stream (tests and the migration command). */
export async function readAll(stream: Readable | NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream as Readable)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The storage the configuration asks for: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export async function createStorageFromConfig(config: {
  dataDir: string;
  s3?: S3StorageOptions;
}): Promise<Storage> {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'uploads'));
}
