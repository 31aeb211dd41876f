// File uploads with progress: fetch() cannot report upload progress, so uploads go through
// XMLHttpRequest and its `upload.onprogress`. Answers like the API client: the parsed body, or an
// ApiError with the server's error body (413 too large, 422 violations).
import { ApiError, API_BASE, getDefaultHeader } from '@/shared/api/client';

export type Progress = (fraction: number) => void;

export function uploadFile<T>(path: string, form: FormData, onProgress: Progress, method: 'POST' | 'PATCH' = 'POST'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const impersonation = getDefaultHeader('_switch_user');
    if (impersonation) xhr.setRequestHeader('_switch_user', impersonation);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        reject(new ApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}
