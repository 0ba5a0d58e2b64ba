// Task comments (shown only when the server enables them): list, add, edit and delete one's own.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/dateLocale';
import { renderMarkdown } from './Description';
import type { TaskComment } from '../../../api/comments';
import * as actions from '../../../actions';
import { userAtom } from '../../../state/session';
import { commentsByTaskAtom } from '../../../state/comments';
import { UserAvatar, userLabel } from '../../../components/UserAvatar';

const NO_COMMENTS: readonly TaskComment[] = [];

export function Comments({ taskId, readOnly }: { taskId: number; readOnly: boolean }) {
  const t = useT();
  const me = useAtomValue(userAtom);
  // Read from the store: the comment actions write there.
  const comments = useAtomValue(commentsByTaskAtom).get(taskId) ?? NO_COMMENTS;
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);

  useEffect(() => {
    void actions.comments.load(taskId);
  }, [taskId]);

  const add = async () => {
    if (draft.trim() === '') return;
    if (await actions.comments.create(taskId, draft)) setDraft('');
  };

  return (
    <div className="detail-comments">
      <ul className="comment-list">
        {comments.map((c) => (
          <li key={c.id} className="comment">
            {c.author && <UserAvatar user={c.author} size={32} />}
            <div className="comment-body">
              <div className="comment-meta">
                <strong>{c.author ? userLabel(c.author) : ''}</strong> <span className="detail-muted">{c.created ? formatDate(c.created) : ''}</span>
                {/* Written without a network: in the outbox (under a temporary id) until the server has it. */}
                {c.id < 0 && <span className="detail-muted"> · {t('outbox.waitingHeading')}</span>}
              </div>
              {editing?.id === c.id ? (
                <>
                  <textarea className="input" aria-label={t('task.detail.commentEdit')} value={editing.text} onChange={(e) => setEditing({ id: c.id, text: e.target.value })} />
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={async () => {
                      if (await actions.comments.update(taskId, c.id, editing.text)) setEditing(null);
                    }}
                  >
                    {t('task.detail.save')}
                  </button>
                </>
              ) : (
                <div className="comment-text markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(c.comment, { checklists: false }) }} />
              )}
              {!readOnly && me && c.author?.id === me.id && editing?.id !== c.id && (
                <span className="comment-actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ id: c.id, text: c.comment })}>
                    {t('task.detail.edit')}
                  </button>
                  <button
                    type="button"
                    className="link-button"
                    onClick={async () => {
                      await actions.comments.remove(taskId, c.id);
                    }}
                  >
                    {t('task.detail.delete')}
                  </button>
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      {!readOnly && (
        <div className="comment-add">
          <textarea className="input" aria-label={t('task.detail.commentAdd')} placeholder={t('task.detail.commentAdd')} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="button" className="btn btn-primary" onClick={() => void add()}>
            {t('task.detail.comment')}
          </button>
        </div>
      )}
    </div>
  );
}
