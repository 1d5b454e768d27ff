import { isApiErrorBody, type ApiErrorBody } from '@/lib/api/api-error';
import { apiHeaders } from '@/lib/api/request-headers';
import { currentLanguage, i18n } from '@/lib/i18n/i18n';
import { progressStore } from '@/lib/progress/progress-store';

export type UploadResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiErrorBody };

// fetch() cannot report upload progress, so raw-body uploads (PUT /api/user/avatar, POST
// /api/orders/attachments) go through XHR with the same headers as the base query.
export function uploadRaw<T>(
  path: string,
  body: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
  method: 'PUT' | 'POST' = 'PUT',
): Promise<UploadResult<T>> {
  const load = progressStore.start();
  return new Promise<UploadResult<T>>((resolve) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    request.withCredentials = false;
    for (const [name, value] of Object.entries(apiHeaders(method, currentLanguage()))) {
      request.setRequestHeader(name, value);
    }
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const percent = (event.loaded / event.total) * 100;
      onProgress(percent);
      load.progress(percent);
    };
    const fail = (message: string) =>
      resolve({ ok: false, status: 0, error: { code: 'NetworkError', message } });
    request.onerror = () => fail(i18n.t('common:client_errors.network'));
    request.onabort = () => fail(i18n.t('common:client_errors.aborted'));
    request.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(request.responseText) as unknown;
      } catch {
        parsed = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve({ ok: true, data: parsed as T });
        return;
      }
      resolve({
        ok: false,
        status: request.status,
        error: isApiErrorBody(parsed)
          ? parsed
          : { code: 'Internal', message: i18n.t('errors:codes.Internal') },
      });
    };
    request.onloadend = () => load.finish();
    request.send(body);
  });
}
