// Task comments (shown only when the server enables them): list, add, edit and delete one's own.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import { formatDate } from '../../../i18n/dateLocale';
import { renderMarkdown } from './Description';
import { createComment, deleteComment, getComments, updateComment, type TaskComment } from '../../../api/comments';
import { userAtom } from '../../../state/session';
import { error as toastError } from '../../../app/toast';
import { UserAvatar, userLabel } from '../../../components/UserAvatar';
import { onLiveComment } from '../../../sync/applyEvent';

export function Comments({ taskId, readOnly }: { taskId: number; readOnly: boolean }) {
  const t = useT();
  const me = useAtomValue(userAtom);
  const [comments, setComments] = useState<TaskComment[]>([]);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);

  useEffect(() => {
    getComments(taskId).then(setComments, (err) => void toastError(err));
  }, [taskId]);

  // Comments written or removed elsewhere (another person, another tab) show as they happen.
  useEffect(
    () =>
      onLiveComment(taskId, (change) =>
        setComments((all) => {
          if (change.kind === 'deleted') return all.filter((c) => c.id !== change.id);
          const known = all.some((c) => c.id === change.comment.id);
          return known ? all.map((c) => (c.id === change.comment.id ? { ...c, ...change.comment } : c)) : [...all, change.comment];
        }),
      ),
    [taskId],
  );

  const add = async () => {
    if (draft.trim() === '') return;
    try {
      const c = await createComment(taskId, draft);
      // Its live event may have shown it already.
      setComments((all) => (all.some((x) => x.id === c.id) ? all : [...all, c]));
      setDraft('');
    } catch (err) {
      void toastError(err);
    }
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
              </div>
              {editing?.id === c.id ? (
                <>
                  <textarea className="input" aria-label={t('task.detail.commentEdit')} value={editing.text} onChange={(e) => setEditing({ id: c.id, text: e.target.value })} />
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={async () => {
                      try {
                        const saved = await updateComment(taskId, c.id, editing.text);
                        setComments((all) => all.map((x) => (x.id === c.id ? { ...x, ...saved } : x)));
                        setEditing(null);
                      } catch (err) {
                        void toastError(err);
                      }
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
                      try {
                        await deleteComment(taskId, c.id);
                        setComments((all) => all.filter((x) => x.id !== c.id));
                      } catch (err) {
                        void toastError(err);
                      }
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
