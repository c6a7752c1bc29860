import { API_BASE_PATH, isApiErrorBody, MAINTENANCE_MEDIA_UPLOAD, SESSION_MESSAGES } from '@rentora/shared';
import { ApiError, api } from '../../lib/api-client';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * Multipart upload of maintenance media (repeated field `media`) with progress through XMLHttpRequest, with the
 * api client's rules: bearer token and x-company-id when signed in (portals and the public form send none), one
 * replay after a token refresh, the Server Error toast on 5xx.
 */
export interface MediaUploadOptions {
  files: readonly File[];
  onProgress?: (percent: number) => void;
  /** Public pages (portal, public form) never send the session's token. */
  anonymous?: boolean;
}

function send(path: string, options: MediaUploadOptions): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of options.files) form.append(MAINTENANCE_MEDIA_UPLOAD.field, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_PATH}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (!options.anonymous) {
      const { token, companyId } = session.get();
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      if (companyId) xhr.setRequestHeader('x-company-id', companyId);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      resolve({ status: xhr.status, payload });
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'Could not reach the server'));
    xhr.send(form);
  });
}

export async function uploadMedia<T>(path: string, options: MediaUploadOptions): Promise<T> {
  let answer = await send(path, options);
  if (answer.status === 401 && !options.anonymous && session.get().token) {
    await api.get('/auth/me').catch(() => undefined);
    options.onProgress?.(0);
    answer = await send(path, options);
  }
  const { status, payload } = answer;
  if (status >= 200 && status < 300) return payload as T;
  if (status >= 500) {
    toast.show({
      type: 'error',
      title: SESSION_MESSAGES.serverErrorTitle,
      message: SESSION_MESSAGES.serverErrorMessage,
    });
  }
  if (isApiErrorBody(payload)) throw new ApiError(status, payload.code, payload.error, payload);
  throw new ApiError(status, status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR', `Request failed (${status})`);
}
