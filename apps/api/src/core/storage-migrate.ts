import type { Storage } from './storage';
import { readAll } from './storage-s3';

export interface StorageMigrationResult {
  copied: number;
  skipped: number;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Copies every file of the local storage into the bucket, keeping keys (the database stores keys, not
 * locations, so nothing else changes). Files already in the bucket are skipped: safe to run again.
 */
export async function migrateStorage(
  source: Storage,
  target: Storage,
  onFile: (key: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<StorageMigrationResult> {
  if (!source.listKeys) throw new Error('The source storage cannot list its files');
  const result: StorageMigrationResult = { copied: 0, skipped: 0 };
  for await (const key of source.listKeys()) {
    if (await target.exists(key)) {
      result.skipped += 1;
      onFile(key, 'skipped');
      continue;
    }
    const file = await source.read(key);
    if (!file) continue;
    await target.put(key, await readAll(file.stream), contentTypeOf(key));
    result.copied += 1;
    onFile(key, 'copied');
  }
  return result;
}
