import { API_BASE_PATH, isApiErrorBody, SESSION_MESSAGES } from '@rentora/shared';
import { ApiError, api } from '../../lib/api-client';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';

/**
 * Multipart image upload with progress. fetch() cannot report upload progress, so this one request goes
 * through XMLHttpRequest, with the api client's rules: bearer token and x-company-id, one replay after the
 * client refreshed an expired token, the upgrade dialog on plan restrictions, the Server Error toast on 5xx.
 */
export interface UploadOptions {
  files: readonly File[];
  fields?: Record<string, string | undefined>;
  /** 0–100 over all files of the request. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function send(path: string, options: UploadOptions): Promise<{ status: number; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) if (value) form.append(key, value);
    for (const file of options.files) form.append('images', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_PATH}${path}`);
    const { token, companyId } = session.get();
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (companyId) xhr.setRequestHeader('x-company-id', companyId);
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
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', 'The request timed out'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    }
    xhr.send(form);
  });
}

export async function uploadImages<T>(path: string, options: UploadOptions): Promise<T> {
  let answer = await send(path, options);
  if (answer.status === 401 && session.get().token) {
    // Let the api client refresh the session (a cheap authenticated GET replays after refreshing), then retry once.
    await api.get('/auth/me').catch(() => undefined);
    if (!session.get().token) throw new ApiError(401, 'UNAUTHORIZED', 'Please sign in again');
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
  if (isApiErrorBody(payload)) {
    if (status === 403 && (payload.code === 'PLAN_LIMIT_REACHED' || payload.code === 'FEATURE_NOT_IN_PLAN')) {
      api.hooks.onPlanRestriction?.(payload);
    }
    throw new ApiError(status, payload.code, payload.error, payload);
  }
  throw new ApiError(status, status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR', `Request failed (${status})`);
}
