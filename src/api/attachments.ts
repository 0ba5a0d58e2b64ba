// Task attachments: upload several files with progress, list, download as a blob, delete.
import { apiBase, del, get } from './client';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { fromApi } from './convert';
import type { Attachment } from './tasks';

export async function getAttachments(taskId: number): Promise<Attachment[]> {
  return (await get<Attachment[] | null>(`tasks/${taskId}/attachments`)) ?? [];
}

export async function deleteAttachment(taskId: number, id: number): Promise<void> {
  await del(`tasks/${taskId}/attachments/${id}`);
}

export interface UploadResult {
  success: Attachment[];
  errors: { code?: number; message: string }[];
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
    xhr.onerror = () => reject(new Error('network'));
    xhr.onload = () => {
      let body: { success?: Attachment[] | null; errors?: { message?: { code?: number; message?: string } | string }[] | null; code?: number; message?: string } = {};
      try {
        body = fromApi(JSON.parse(xhr.responseText));
      } catch {
        // keep the empty body
      }
      if (xhr.status >= 400) {
        reject(Object.assign(new Error(body.message ?? `HTTP ${xhr.status}`), { code: body.code, status: xhr.status }));
        return;
      }
      resolve({
        success: body.success ?? [],
        errors: (body.errors ?? []).map((e) => (typeof e.message === 'string' ? { message: e.message } : { code: e.message?.code, message: e.message?.message ?? '' })),
      });
    };
    xhr.send(form);
  });
}

export async function downloadAttachment(taskId: number, id: number): Promise<Blob> {
  const token = readStorage(STORAGE_KEYS.token);
  const res = await fetch(`${apiBase()}/tasks/${taskId}/attachments/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.blob();
}

export const IMAGE_SUFFIXES = ['.jpg', '.png', '.bmp', '.gif'];
export function isImage(name: string): boolean {
  const lower = name.toLowerCase();
  return IMAGE_SUFFIXES.some((s) => lower.endsWith(s)) || lower.endsWith('.jpeg');
}
