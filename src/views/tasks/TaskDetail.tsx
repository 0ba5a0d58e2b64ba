// The task detail: heading with identifier and title, every field, attachments, relations, comments and the task actions.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useT } from '../../i18n';
import { formatDate } from '../../i18n/dateLocale';
import { pathFor } from '../../routes';
import type { Task } from '../../api/tasks';
import type { List } from '../../api/lists';
import * as actions from '../../actions';
import { taskAtomFamily } from '../../state/tasks';
import { openTaskIdAtom, taskFieldRequestAtom, type TaskField } from '../../state/taskDetail';
import { labelsLoadedAtom, listsByIdAtom, loadLabels } from '../../state/namespaces';
import { configAtom } from '../../state/config';
import { sessionAtom } from '../../state/session';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { userLabel } from '../../components/UserAvatar';
import { FavoriteStar } from '../../components/FavoriteStar';
import { SubscriptionControl } from '../../components/SubscriptionControl';
import { Modal } from '../../components/Modal';
import { Loading } from '../../components/Loading';
import { canWriteList } from '../lists/useListMeta';
import { Description, type DescriptionHandle } from './detail/Description';
import { Attachments, type AttachmentsHandle } from './detail/Attachments';
import { Relations, type RelationsHandle } from './detail/Relations';
import { Comments } from './detail/Comments';
import { AssigneesField } from './detail/AssigneesField';
import { LabelsField } from './detail/LabelsField';
import { MoveField } from './detail/MoveField';
import { BucketField } from './detail/BucketField';
import { TitleField } from './detail/TitleField';
import { DatesFields } from './detail/DatesFields';
import { RemindersField } from './detail/RemindersField';
import { RepeatField } from './detail/RepeatField';
import { PriorityFields } from './detail/PriorityFields';
import type { FieldHandle } from './detail/fieldHandle';
import './taskDetail.css';

const fmt = (d: Date | null) => (d ? formatDate(d) : '');

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="detail-section" aria-labelledby={id}>
      <h3 id={id} className="detail-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The open task's list (rights, archive state, title); a moved task lives by its new list once it has arrived. */
function useTaskList(task: Task | undefined): List | null {
  const [list, setList] = useState<List | null>(null);
  const listId = task?.listId;
  useEffect(() => {
    if (listId === undefined) return;
    let live = true;
    actions.lists.load(listId).then(
      (l) => live && setList(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [listId]);
  return list;
}

export function TaskDetail({ taskId, onClose }: { taskId: number; onClose?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  // The task is read from the store: what the kanban card, the list row or the palette changed shows here too.
  const task = useAtomValue(taskAtomFamily(taskId));
  const list = useTaskList(task);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const setOpenTask = useSetAtom(openTaskIdAtom);
  const request = useAtomValue(taskFieldRequestAtom);
  const labelsLoaded = useAtomValue(labelsLoadedAtom);
  const lists = useAtomValue(listsByIdAtom);
  const config = useAtomValue(configAtom);
  usePageTitle(task?.title ?? null);

  const fields = {
    assignees: useRef<FieldHandle>(null),
    labels: useRef<FieldHandle>(null),
    dueDate: useRef<FieldHandle>(null),
    move: useRef<FieldHandle>(null),
    bucket: useRef<FieldHandle>(null),
    reminders: useRef<FieldHandle>(null),
  };
  const color = useRef<HTMLInputElement>(null);
  const description = useRef<DescriptionHandle>(null);
  const attachments = useRef<AttachmentsHandle>(null);
  const relations = useRef<RelationsHandle>(null);
  const seenRequest = useRef(request?.nonce ?? 0);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Loaded fresh on open (a list row may be older); shown from the store meanwhile when it is there.
    actions.tasks.load(taskId).catch((err) => void toastError(err));
    setOpenTask(taskId);
    if (!labelsLoaded) loadLabels().catch(() => undefined);
    return () => setOpenTask(null);
    // labelsLoaded only matters on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId, setOpenTask]);

  const readOnly = !canWriteList(list);
  const linkShare = useAtomValue(sessionAtom).kind === 'linkShare';
  // Off on the server means its attachment routes do not exist: no section, and the page takes no drops.
  const attachmentsEnabled = !!config?.taskAttachmentsEnabled;

  const save = useCallback((next: Task) => void actions.tasks.update(next, { saved: 'task.detail.saved' }), []);

  const focusField = useCallback(
    (field: TaskField) => {
      if (!task) return;
      if (field === 'done') {
        if (!readOnly) void actions.tasks.setDone(task, !task.done);
        return;
      }
      if (field === 'description') return description.current?.edit();
      if (field === 'attachments') return attachments.current?.pick();
      if (field === 'relations') return relations.current?.focus();
      if (field === 'color') {
        color.current?.scrollIntoView({ block: 'center' });
        return color.current?.focus();
      }
      if (readOnly) return;
      fields[field].current?.open();
    },
    // refs are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [task, readOnly],
  );

  useEffect(() => {
    if (!request || request.nonce === seenRequest.current) return;
    // A letter pressed as the task opens waits for the task and its list (the rights decide which fields exist)
    // instead of being dropped.
    if (!task || list === null) return;
    seenRequest.current = request.nonce;
    focusField(request.field);
  }, [request, focusField, task, list]);

  if (!task) return <Loading />;

  const doDelete = async () => {
    setConfirmDelete(false);
    if (!(await actions.tasks.remove(task.id))) return;
    void success('task.detail.deleted');
    if (onClose) onClose();
    else navigate(pathFor('list.index', { listId: task.listId }));
  };

  // After a move the loaded list is the old one until the new one arrives; the store already knows the new title.
  const listTitle = (list?.id === task.listId ? list.title : lists.get(task.listId)?.title) ?? list?.title ?? '';
  const fieldProps = { task, readOnly, save };

  return (
    <div
      ref={root}
      // The task itself holds the focus between fields (after Enter or Escape in the title), so letters act on it.
      tabIndex={-1}
      className={`task-detail${dragOver ? ' is-drop-target' : ''}`}
      onDragOver={(e) => {
        if (readOnly || !attachmentsEnabled || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragOver(true);
      }}
      onDragLeave={(e) => e.currentTarget === e.target && setDragOver(false)}
      onDrop={(e) => {
        if (readOnly || !attachmentsEnabled || !e.dataTransfer.files.length) return;
        e.preventDefault();
        setDragOver(false);
        attachments.current?.upload([...e.dataTransfer.files]);
      }}
    >
      <header className="detail-heading">
        <span className="detail-identifier">
          {listTitle && <span className="detail-list">{listTitle} › </span>}
          {task.identifier}
        </span>
        <TitleField {...fieldProps} root={root} />
        {task.done && <span className="detail-done-tag">{t('task.detail.doneTag')}</span>}
        {list?.isArchived && <p className="list-archived-note">{t('task.archivedReadOnly')}</p>}
      </header>

      <div className="detail-columns">
        {/* The main actions come first, so a phone (one column) shows them before the description; a wide screen puts them at the right. */}
        <aside className="detail-side detail-side-main" aria-label={t('task.detail.attributes')}>
          <div className="detail-actions">
            <button type="button" className={`btn ${task.done ? 'btn-secondary' : 'btn-primary'}`} disabled={readOnly} onClick={() => focusField('done')}>
              {task.done ? t('task.detail.markUndone') : t('task.detail.markDone')}
            </button>
            {/* A star saves the task, a subscription needs an account: neither is offered where it would fail. */}
            {!readOnly && <FavoriteStar isFavorite={task.isFavorite} title={task.title} onToggle={() => save({ ...task, isFavorite: !task.isFavorite })} />}
            {!linkShare && (
              <SubscriptionControl
                entity="task"
                entityId={task.id}
                subscription={task.subscription as never}
                onChange={(sub) => actions.tasks.patch(task.id, { subscription: sub })}
              />
            )}
          </div>

          <Section id="d-assign" title={t('task.detail.assignees')}>
            <AssigneesField ref={fields.assignees} task={task} readOnly={readOnly} />
          </Section>

          <Section id="d-labels" title={t('task.detail.labels')}>
            <LabelsField ref={fields.labels} task={task} readOnly={readOnly} />
          </Section>

          <Section id="d-dates" title={t('task.detail.dates')}>
            <DatesFields {...fieldProps} dueDateText={fields.dueDate} />
          </Section>
        </aside>
        <div className="detail-main">
          <Section id="d-desc" title={t('task.detail.description')}>
            <Description ref={description} value={task.description} readOnly={readOnly} onSave={(text) => save({ ...task, description: text })} />
          </Section>
          {attachmentsEnabled && (
            <Section id="d-att" title={t('task.detail.attachments')}>
              <Attachments
                ref={attachments}
                taskId={task.id}
                attachments={task.attachments}
                coverId={task.coverImageAttachmentId}
                readOnly={readOnly}
                onCover={(id) => save({ ...task, coverImageAttachmentId: id })}
              />
            </Section>
          )}
          <Section id="d-rel" title={t('task.detail.relations')}>
            <Relations ref={relations} task={task} readOnly={readOnly} />
          </Section>
          {config?.taskCommentsEnabled && (
            <Section id="d-com" title={t('task.detail.comments')}>
              <Comments taskId={task.id} readOnly={readOnly} />
            </Section>
          )}
          <p className="detail-muted detail-meta">
            {task.createdBy && t('task.detail.createdBy', { date: fmt(task.created), user: userLabel(task.createdBy) })}
            {task.updated && ` · ${t('task.detail.updated', { date: fmt(task.updated) })}`}
            {task.done && task.doneAt && ` · ${t('task.detail.doneAt', { date: fmt(task.doneAt) })}`}
          </p>
        </div>

        <div className="detail-side detail-side-more">
          <Section id="d-rem" title={t('task.detail.reminders')}>
            <RemindersField {...fieldProps} reminderText={fields.reminders} />
          </Section>

          <Section id="d-repeat" title={t('task.detail.repeat')}>
            <RepeatField key={task.id} {...fieldProps} />
          </Section>

          <Section id="d-prio" title={t('task.detail.priorityAndProgress')}>
            <PriorityFields {...fieldProps} colorInput={color} />
          </Section>

          <Section id="d-move" title={t('task.detail.move')}>
            <MoveField
              ref={fields.move}
              task={task}
              listTitle={listTitle}
              readOnly={readOnly}
              onMove={(listId) => void actions.tasks.move(task, listId, { saved: 'task.detail.saved' })}
            />
          </Section>

          <BucketField ref={fields.bucket} task={task} readOnly={readOnly} onMove={(bucketId) => save({ ...task, bucketId })} />

          {!readOnly && (
            <button type="button" className="btn btn-tertiary detail-delete" onClick={() => setConfirmDelete(true)}>
              {t('task.detail.deleteTask')}
            </button>
          )}
        </div>
      </div>
      <Modal enabled={confirmDelete} title={t('task.detail.deleteTitle')} onClose={() => setConfirmDelete(false)} onSubmit={() => void doDelete()}>
        <p>{t('task.detail.deleteText')}</p>
      </Modal>
    </div>
  );
}
