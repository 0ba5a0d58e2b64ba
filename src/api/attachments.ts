// Task attachments: upload several files with progress, list, download as a blob, delete.
import { apiBase, del, get } from './client';
import { ApiError, toApiError } from './apiError';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { fromApi } from './convert';
export { DEFAULT_MAX_FILE_SIZE, parseMaxFileSize, IMAGE_SUFFIXES, isImage } from '../model/attachments';
import type { Attachment } from './tasks';

export async function getAttachments(taskId: number): Promise<Attachment[]> {
  return (await get<Attachment[] | null>(`tasks/${taskId}/attachments`)) ?? [];
}

export async function deleteAttachment(taskId: number, id: number): Promise<void> {
  await del(`tasks/${taskId}/attachments/${id}`);
}

export interface UploadResult {
  success: Attachment[];
  /** One per refused file, so the toast shows the translated message for its code. */
  errors: ApiError[];
}

/** The failure of a call made outside the ofetch client, from the server's JSON {code, message} when it sent one. */
function refusal(status: number, text: string): ApiError {
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON (a proxy's HTML page): the status is all there is
  }
  return toApiError(Object.assign(new Error(`HTTP ${status}`), { status, data }));
}

/** XHR rather than fetch because only XHR reports upload progress. Files go in the field "files". */
export function uploadAttachments(taskId: number, files: File[], onProgress?: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('files', f);
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${apiBase()}/tasks/${taskId}/attachments`);
    const token = readStorage(STORAGE_KEYS.token);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    // Status 0, as the client reports an unreachable server.
    xhr.onerror = () => reject(new ApiError({ message: 'network', status: 0 }));
    xhr.onload = () => {
      if (xhr.status >= 400) {
        reject(refusal(xhr.status, xhr.responseText));
        return;
      }
      let body: { success?: Attachment[] | null; errors?: { message?: { code?: number; message?: string } | string }[] | null } = {};
      try {
        body = fromApi(JSON.parse(xhr.responseText));
      } catch {
        // keep the empty body
      }
      resolve({
        success: body.success ?? [],
        errors: (body.errors ?? []).map((e) => {
          const detail = typeof e.message === 'string' ? { message: e.message } : { code: e.message?.code, message: e.message?.message ?? '' };
          return new ApiError({ code: detail.code ?? null, message: detail.message, status: xhr.status, fromServer: detail.message !== '' });
        }),
      });
    };
    xhr.send(form);
  });
}

export async function downloadAttachment(taskId: number, id: number): Promise<Blob> {
  const token = readStorage(STORAGE_KEYS.token);
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/tasks/${taskId}/attachments/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (err) {
    throw toApiError(err);
  }
  if (!res.ok) throw refusal(res.status, await res.text().catch(() => ''));
  return res.blob();
}
