import { api } from '../../lib/api-client';

export interface ImageUploadOptions {
  files: readonly File[];
  fields?: Record<string, string | undefined>;
  /** 0–100 over all files of the request. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A multipart image upload (repeated field `images`, plus any non-empty `fields`) through the api client. */
export function uploadImages<T>(path: string, options: ImageUploadOptions): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) if (value) form.append(key, value);
  for (const file of options.files) form.append('images', file, file.name);
  return api.upload<T>(path, form, { onProgress: options.onProgress, signal: options.signal });
}
