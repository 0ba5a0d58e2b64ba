// Task attachments: upload several files with progress (button or dropped on the page; files over the server's max size refused first), image previews, cover image, download, delete.
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import { formatFileSize } from '../../../i18n/numberFormat';
import { isImage, parseMaxFileSize } from '../../../model/attachments';
import * as actions from '../../../actions';
import type { Attachment } from '../../../api/tasks';
import { configAtom } from '../../../state/config';
import { error as toastError } from '../../../app/toast';
import { NeedsConnection, useOnline } from '../../../app/NeedsConnection';

export interface AttachmentsHandle {
  pick: () => void;
  upload: (files: File[]) => void;
}

function Preview({ taskId, attachment }: { taskId: number; attachment: Attachment }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked = false;
    let made: string | null = null;
    actions.attachments.download(taskId, attachment.id).then(
      (blob) => {
        if (revoked) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [taskId, attachment.id]);
  return url ? <img className="attachment-preview" src={url} alt={attachment.file.name} /> : <span className="attachment-preview is-empty" aria-hidden="true" />;
}

export interface AttachmentsProps {
  taskId: number;
  attachments: Attachment[];
  coverId: number;
  readOnly: boolean;
  onCover: (id: number) => void;
}

export const Attachments = forwardRef<AttachmentsHandle, AttachmentsProps>(function Attachments({ taskId, attachments, coverId, readOnly, onCover }, ref) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const config = useAtomValue(configAtom);

  const online = useOnline();
  const upload = async (selected: File[]) => {
    // Offline a drop does nothing; the section says why.
    if (!selected.length || readOnly || !online) return;
    // Checked here so one oversized file does not fail the whole request (the server refuses it with 4012);
    // each one refused gets its own message and the rest of the selection still goes up.
    const limit = parseMaxFileSize(config?.maxFileSize);
    const files: File[] = [];
    for (const f of selected) {
      if (f.size <= limit.bytes) files.push(f);
      else void toastError(new Error(t('task.detail.attachmentTooLarge', { name: f.name, limit: formatFileSize(limit.bytes) })));
    }
    if (!files.length) return;
    setProgress(0);
    // The task in the store gets the new attachments (and so this list, and the card's attachment count).
    await actions.attachments.upload(taskId, files, setProgress);
    setProgress(null);
  };
  useImperativeHandle(ref, () => ({ pick: () => input.current?.click(), upload: (f) => void upload(f) }));

  const download = async (a: Attachment) => {
    try {
      const blob = await actions.attachments.download(taskId, a.id);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = a.file.name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (err) {
      void toastError(err);
    }
  };
  const remove = async (a: Attachment) => {
    if (!window.confirm(t('task.detail.attachmentDeleteConfirm', { name: a.file.name }))) return;
    await actions.attachments.remove(taskId, a.id);
  };

  return (
    <div className="detail-attachments">
      {!readOnly && (
        <>
          <input
            ref={input}
            type="file"
            multiple
            className="visually-hidden"
            aria-label={t('task.detail.uploadFiles')}
            disabled={!online}
            onChange={(e) => {
              void upload([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
          <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()} disabled={!online} aria-describedby={online ? undefined : 'attachments-offline'}>
            {t('task.detail.uploadFiles')}
          </button>
          {online ? <span className="detail-muted"> {t('task.detail.dropHint')}</span> : <NeedsConnection id="attachments-offline" />}
        </>
      )}
      {progress !== null && <progress className="upload-progress" max={1} value={progress} aria-label={t('task.detail.uploading')} />}
      <ul className="attachment-list">
        {attachments.map((a) => (
          <li key={a.id} className="attachment">
            {isImage(a.file.name) ? <Preview taskId={taskId} attachment={a} /> : <span className="attachment-preview is-file" aria-hidden="true">{a.file.name.split('.').pop()?.toUpperCase()}</span>}
            <span className="attachment-info">
              <span className="attachment-name">{a.file.name}</span>
              <span className="detail-muted">
                {formatFileSize(a.file.size)}{a.id === coverId ? ` · ${t('task.detail.cover')}` : ''}
              </span>
            </span>
            <span className="attachment-actions">
              <button type="button" className="btn btn-tertiary" onClick={() => void download(a)}>
                {t('task.detail.download')}
              </button>
              {!readOnly && isImage(a.file.name) && (
                <button type="button" className="btn btn-tertiary" onClick={() => onCover(a.id === coverId ? 0 : a.id)}>
                  {a.id === coverId ? t('task.detail.unsetCover') : t('task.detail.setCover')}
                </button>
              )}
              {!readOnly && (
                <button type="button" className="btn btn-tertiary" onClick={() => void remove(a)}>
                  {t('task.detail.delete')}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
});
