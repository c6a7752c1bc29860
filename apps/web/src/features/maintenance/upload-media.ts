import { MAINTENANCE_MEDIA_UPLOAD } from '@rentora/shared';
import { api } from '../../lib/api-client';

export interface MediaUploadOptions {
  files: readonly File[];
  onProgress?: (percent: number) => void;
  /** Public pages (portal, public form) never send the session's token. */
  anonymous?: boolean;
}

/** A multipart upload of maintenance media (repeated field `media`) through the api client. */
export function uploadMedia<T>(path: string, options: MediaUploadOptions): Promise<T> {
  const form = new FormData();
  for (const file of options.files) form.append(MAINTENANCE_MEDIA_UPLOAD.field, file, file.name);
  return api.upload<T>(path, form, { onProgress: options.onProgress, anonymous: options.anonymous });
}
