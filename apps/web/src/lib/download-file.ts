import { ApiError, api, type QueryParams } from './api-client';

/**
 * Downloads a file through the api client (session headers, refresh) and saves it through a temporary object URL,
 * under the name the server gives (content-disposition) or `fallbackName`. A failure throws an Error with the server's
 * `error`, else `failureMessage`.
 */
export async function downloadFile(
  path: string,
  query: QueryParams,
  fallbackName: string,
  failureMessage: string,
): Promise<void> {
  const file = await api.getFile(path, { query }).catch((error: unknown) => {
    const message = error instanceof ApiError ? error.body?.error : undefined;
    throw new Error(message ?? failureMessage);
  });
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
