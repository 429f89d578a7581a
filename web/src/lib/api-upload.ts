import { ApiError, apiRequest, currentEpoch, errorMessage, notifyUnauthorized, ownWords } from '#web/lib/api-client.ts';

/**
 * A multipart request to the API with upload progress, which fetch cannot report:
 * XMLHttpRequest, same origin, cookies sent, errors turned into the same ApiError as apiRequest.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  options: { method?: 'POST' | 'PUT'; onProgress?: (fraction: number) => void } = {},
): Promise<T> {
  const { method = 'POST', onProgress } = options;
  // A route action on the server (a form with a file sent without JavaScript): no progress to
  // show, the same multipart request through the page's API transport.
  if (typeof XMLHttpRequest === 'undefined') return apiRequest<T>(path, { method, body: form });
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const sentIn = currentEpoch();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, ownWords().t('api.unreachable')));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      if (xhr.status === 401) notifyUnauthorized(sentIn);
      const body = (typeof payload === 'object' && payload !== null ? payload : {}) as { message?: unknown; fields?: unknown };
      const message = typeof body.message === 'string' ? body.message : errorMessage(undefined);
      const fields = typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;
      reject(new ApiError(xhr.status, xhr.status === 413 && !body.message ? ownWords().t('api.tooLarge') : message, fields));
    };
    xhr.send(form);
  });
}
