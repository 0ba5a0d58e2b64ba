// Data export calls: request an export with the password, and download the zip with the password.
import { ApiError, toApiError } from './apiError';
import { apiBase, post } from './client';
import { readStorage, STORAGE_KEYS } from '../state/storage';

export function requestExport(password: string): Promise<{ message?: string }> {
  return post('user/export/request', { password });
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The filename from a Content-Disposition header, else a fallback. */
export function filenameFrom(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return m ? decodeURIComponent(m[1]) : fallback;
}

/**
 * POST /user/export/download answers with the zip itself, which the JSON client cannot read, so this
 * one call uses fetch directly; a JSON error body still becomes an ApiError.
 */
export async function downloadExport(password: string): Promise<DownloadedFile> {
  const token = readStorage(STORAGE_KEYS.token);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${apiBase()}/user/export/download`, { method: 'POST', headers, body: JSON.stringify({ password }) });
  } catch (err) {
    throw toApiError(err);
  }
  if (!res.ok) {
    let body: { code?: number; message?: string } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      // not JSON: keep the status only
    }
    throw new ApiError({ code: body.code ?? null, message: body.message ?? `HTTP ${res.status}`, status: res.status, fromServer: Boolean(body.message) });
  }
  return { blob: await res.blob(), filename: filenameFrom(res.headers.get('content-disposition'), 'keyflow-export.zip') };
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
