// Attachment actions, each written once: upload (with progress), download, delete; the task in the store follows.
import * as api from '../api/attachments';
import type { Attachment } from '../api/tasks';
import { error as toastError } from '../app/toast';
import { taskAtomFamily } from '../state/tasks';
import { patch } from './tasks';

const attachmentsOf = (taskId: number): Attachment[] => taskAtomFamily.peek(taskId)?.attachments ?? [];

/**
 * Uploads files to a task and adds the ones the server took to the task in every view; each file it refused is
 * toasted with its own message. Returns the attachments added (none when the upload failed as a whole).
 */
export async function upload(taskId: number, files: File[], onProgress?: (fraction: number) => void): Promise<Attachment[]> {
  try {
    const res = await api.uploadAttachments(taskId, files, onProgress);
    // A live update may have added some of them already: each attachment is listed once.
    const added = new Set(res.success.map((a) => a.id));
    patch(taskId, { attachments: [...attachmentsOf(taskId).filter((a) => !added.has(a.id)), ...res.success] });
    for (const e of res.errors) void toastError(e);
    return res.success;
  } catch (err) {
    void toastError(err);
    return [];
  }
}

/** An attachment's file; throws on failure (a preview stays empty, a download toasts). */
export function download(taskId: number, attachmentId: number): Promise<Blob> {
  return api.downloadAttachment(taskId, attachmentId);
}

/** Deletes an attachment and takes it off the task. Returns whether it went. */
export async function remove(taskId: number, attachmentId: number): Promise<boolean> {
  try {
    await api.deleteAttachment(taskId, attachmentId);
    patch(taskId, { attachments: attachmentsOf(taskId).filter((a) => a.id !== attachmentId) });
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}
