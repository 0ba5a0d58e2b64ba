// The task detail: heading with identifier and title, every field, attachments, relations, comments and the task actions.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { useT } from '../../i18n';
import { formatPercent } from '../../i18n/numberFormat';
import { formatDate } from '../../i18n/dateLocale';
import { pathFor } from '../../routes';
import { getTask, deleteTask, type Task, type RepeatUnit } from '../../api/tasks';
import { getList, type List } from '../../api/lists';
import { saveTask, removeTask, toggleTaskDone, replaceTask, onTaskSaved } from '../../state/tasks';
import { openTaskIdAtom, taskFieldRequestAtom, type TaskField } from '../../state/taskDetail';
import { labelsLoadedAtom, listsByIdAtom, loadLabels } from '../../state/namespaces';
import { configAtom } from '../../state/config';
import { requestReminderPermission, scheduleReminders } from '../../state/reminders';
import { error as toastError, success } from '../../app/toast';
import { usePageTitle } from '../../app/usePageTitle';
import { DatePicker } from '../../components/DatePicker';
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
import { DateTextField } from './detail/DateTextField';
import type { FieldHandle } from './detail/fieldHandle';
import './taskDetail.css';

const UNITS: RepeatUnit[] = ['hours', 'days', 'weeks', 'months', 'years'];
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

export function TaskDetail({ taskId, onClose }: { taskId: number; onClose?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [task, setTask] = useState<Task | null>(null);
  const [list, setList] = useState<List | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [title, setTitle] = useState('');
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  /** The amount being typed; saved on blur or together with a unit change. Empty means no repeat. */
  const [repeatAmount, setRepeatAmount] = useState('');
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
  const titleCancelled = useRef(false);

  useEffect(() => {
    let live = true;
    setTask(null);
    getTask(taskId).then(
      (loaded) => {
        if (!live) return;
        setTask(loaded);
        setTitle(loaded.title);
        // No repeat shows as an empty field, not "0": 0 is refused when typed, so tabbing through must not meet it.
        setRepeatAmount(loaded.repeatAfter.amount > 0 ? String(loaded.repeatAfter.amount) : '');
        scheduleReminders([loaded]);
        getList(loaded.listId).then((l) => live && setList(l), () => undefined);
      },
      (err) => void toastError(err),
    );
    setOpenTask(taskId);
    if (!labelsLoaded) loadLabels().catch(() => undefined);
    return () => {
      live = false;
      setOpenTask(null);
    };
    // labelsLoaded only matters on open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taskId, setOpenTask]);

  // Saved from elsewhere while open (a palette command acting on the open task): show what the server has now.
  useEffect(() => onTaskSaved((saved) => saved.id === taskId && setTask(saved)), [taskId]);

  // A moved task lives by the rights and archive state of its new list.
  const taskListId = task?.listId;
  useEffect(() => {
    if (taskListId === undefined || list === null || list.id === taskListId) return;
    let live = true;
    getList(taskListId).then((l) => live && setList(l), () => undefined);
    return () => {
      live = false;
    };
  }, [taskListId, list]);

  const readOnly = !canWriteList(list);
  // Off on the server means its attachment routes do not exist: no section, and the page takes no drops.
  const attachmentsEnabled = !!config?.taskAttachmentsEnabled;

  const save = useCallback(async (next: Task) => {
    const before = task;
    setTask(next);
    try {
      const saved = await saveTask(next);
      setTask(saved);
      void success('task.detail.saved');
      return saved;
    } catch (err) {
      setTask(before);
      void toastError(err);
      return null;
    }
  }, [task]);

  const focusField = useCallback(
    (field: TaskField) => {
      if (!task) return;
      if (field === 'done') {
        if (!readOnly) void toggleTaskDone(task, !task.done).then((s) => s && setTask(s));
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

  const saveTitle = () => {
    if (titleCancelled.current) {
      titleCancelled.current = false;
      return setTitle(task.title);
    }
    const trimmed = title.trim();
    if (trimmed === '' ) return setTitle(task.title);
    // A refused title goes back to the saved one (the error says why).
    if (trimmed !== task.title) void save({ ...task, title: trimmed }).then((saved) => saved || setTitle(task.title));
  };

  /** A field editor changed the task on the server already: show it here and in the lists. */
  const changed = (next: Task) => {
    setTask(next);
    replaceTask(next);
  };
  /**
   * Saves the repeat from the typed amount. Emptying the field is how the detail removes a repeat (amount 0); a typed
   * 0 or less gets the spec's "please enter more than 0" instead, as it is almost always a slip. Monthly has no amount.
   */
  const setRepeat = (raw: string, type: RepeatUnit, mode: number) => {
    const cleared = raw.trim() === '';
    const amount = cleared ? 0 : Number(raw);
    if (mode !== 1 && !cleared && (!Number.isFinite(amount) || amount <= 0)) return setRepeatError(t('task.detail.repeatAmountPositive'));
    setRepeatError(null);
    // Still no repeat: nothing to save (the server would hand back its own unit for 0 anyway).
    if (cleared && task.repeatAfter.amount === 0 && mode === task.repeatMode) return;
    void save({ ...task, repeatAfter: { amount, type }, repeatMode: mode, repeatFromCurrentDate: mode === 2 });
  };
  const doDelete = async () => {
    try {
      await deleteTask(task.id);
      removeTask(task.id);
      void success('task.detail.deleted');
      setConfirmDelete(false);
      if (onClose) onClose();
      else navigate(pathFor('list.index', { listId: task.listId }));
    } catch (err) {
      void toastError(err);
    }
  };

  // After a move the loaded list is the old one until the new one arrives; the store already knows the new title.
  const listTitle = (list?.id === task.listId ? list.title : lists.get(task.listId)?.title) ?? list?.title ?? '';

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
        <input
          className="detail-title"
          aria-label={t('task.detail.title')}
          value={title}
          readOnly={readOnly}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={saveTitle}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              root.current?.focus();
            } else if (e.key === 'Escape') {
              // Escape gives the old title back and leaves the field for the task, where the letter shortcuts work.
              e.preventDefault();
              e.stopPropagation();
              titleCancelled.current = true;
              root.current?.focus();
            }
          }}
        />
        {task.done && <span className="detail-done-tag">{t('task.detail.doneTag')}</span>}
        {list?.isArchived && <p className="list-archived-note">{t('task.archivedReadOnly')}</p>}
      </header>

      <div className="detail-columns">
        <div className="detail-main">
          <Section id="d-desc" title={t('task.detail.description')}>
            <Description ref={description} value={task.description} readOnly={readOnly} onSave={(text) => void save({ ...task, description: text })} />
          </Section>
          {attachmentsEnabled && (
            <Section id="d-att" title={t('task.detail.attachments')}>
              <Attachments
                ref={attachments}
                taskId={task.id}
                attachments={task.attachments}
                coverId={task.coverImageAttachmentId}
                readOnly={readOnly}
                onChange={(att) => setTask((cur) => (cur ? { ...cur, attachments: att } : cur))}
                onCover={(id) => void save({ ...task, coverImageAttachmentId: id })}
              />
            </Section>
          )}
          <Section id="d-rel" title={t('task.detail.relations')}>
            <Relations ref={relations} task={task} readOnly={readOnly} onChange={(related) => setTask((cur) => (cur ? { ...cur, relatedTasks: related } : cur))} />
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

        <aside className="detail-side" aria-label={t('task.detail.attributes')}>
          <div className="detail-actions">
            <button type="button" className={`btn ${task.done ? 'btn-secondary' : 'btn-primary'}`} disabled={readOnly} onClick={() => focusField('done')}>
              {task.done ? t('task.detail.markUndone') : t('task.detail.markDone')}
            </button>
            <FavoriteStar isFavorite={task.isFavorite} title={task.title} onToggle={() => void save({ ...task, isFavorite: !task.isFavorite })} />
            <SubscriptionControl
              entity="task"
              entityId={task.id}
              subscription={task.subscription as never}
              onChange={(sub) => setTask((cur) => (cur ? { ...cur, subscription: sub } : cur))}
            />
          </div>

          <Section id="d-assign" title={t('task.detail.assignees')}>
            <AssigneesField ref={fields.assignees} task={task} readOnly={readOnly} onChange={changed} />
          </Section>

          <Section id="d-labels" title={t('task.detail.labels')}>
            <LabelsField ref={fields.labels} task={task} readOnly={readOnly} onChange={changed} />
          </Section>

          <Section id="d-dates" title={t('task.detail.dates')}>
            <span className="detail-field-label">{t('task.attributes.dueDate')}</span>
            <DatePicker label={t('task.attributes.dueDate')} value={task.dueDate} onChange={(d) => !readOnly && void save({ ...task, dueDate: d })} />
            {!readOnly && (
              <DateTextField ref={fields.dueDate} label={t('task.detail.dateText')} buttonText={t('task.detail.dateTextButton')} onSave={(d) => void save({ ...task, dueDate: d })} />
            )}
            <span className="detail-field-label">{t('task.attributes.startDate')}</span>
            <DatePicker label={t('task.attributes.startDate')} value={task.startDate} onChange={(d) => !readOnly && void save({ ...task, startDate: d })} />
            <span className="detail-field-label">{t('task.attributes.endDate')}</span>
            <DatePicker label={t('task.attributes.endDate')} value={task.endDate} onChange={(d) => !readOnly && void save({ ...task, endDate: d })} />
          </Section>

          <Section id="d-rem" title={t('task.detail.reminders')}>
            {task.reminderDates.map((r, i) => (
              <div key={`${r.getTime()}-${i}`} className="reminder-row">
                <DatePicker
                  label={t('task.detail.reminderN', { n: i + 1 })}
                  value={r}
                  clearable={false}
                  onChange={(d) => !readOnly && d && void save({ ...task, reminderDates: task.reminderDates.map((x, j) => (j === i ? d : x)) })}
                />
                {!readOnly && (
                  <button type="button" className="icon-button" aria-label={t('task.detail.removeReminder', { n: i + 1 })} onClick={() => void save({ ...task, reminderDates: task.reminderDates.filter((_, j) => j !== i) })}>
                    ×
                  </button>
                )}
              </div>
            ))}
            {!readOnly && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => {
                    void requestReminderPermission();
                    const base = task.dueDate ?? new Date(Date.now() + 3600_000);
                    void save({ ...task, reminderDates: [...task.reminderDates, new Date(base.getTime())] });
                  }}
                >
                  {t('task.detail.addReminder')}
                </button>
                <DateTextField
                  ref={fields.reminders}
                  label={t('task.detail.reminderText')}
                  buttonText={t('task.detail.reminderText')}
                  onSave={(d) => {
                    void requestReminderPermission();
                    void save({ ...task, reminderDates: [...task.reminderDates, d] });
                  }}
                />
              </>
            )}
          </Section>

          <Section id="d-repeat" title={t('task.detail.repeat')}>
            <div className="repeat-row">
              <select
                className="input"
                aria-label={t('task.detail.repeatMode')}
                disabled={readOnly}
                value={task.repeatMode}
                onChange={(e) => setRepeat(repeatAmount, task.repeatAfter.type, Number(e.target.value))}
              >
                <option value={0}>{t('task.detail.repeatDefault')}</option>
                <option value={1}>{t('task.detail.repeatMonthly')}</option>
                <option value={2}>{t('task.detail.repeatFromCurrent')}</option>
              </select>
              {task.repeatMode !== 1 && (
                <>
                  <input
                    className="input repeat-amount"
                    type="number"
                    min={1}
                    aria-label={t('task.detail.repeatAmount')}
                    disabled={readOnly}
                    value={repeatAmount}
                    onChange={(e) => setRepeatAmount(e.target.value)}
                    onBlur={() => {
                      // Unchanged and valid: nothing to save, but a fixed slip clears its error.
                      const n = Number(repeatAmount);
                      if (repeatAmount.trim() !== '' && n > 0 && n === task.repeatAfter.amount) return setRepeatError(null);
                      setRepeat(repeatAmount, task.repeatAfter.type, task.repeatMode);
                    }}
                  />
                  <select
                    className="input"
                    aria-label={t('task.detail.repeatUnit')}
                    disabled={readOnly}
                    value={task.repeatAfter.type}
                    onChange={(e) => setRepeat(repeatAmount, e.target.value as RepeatUnit, task.repeatMode)}
                  >
                    {UNITS.map((u) => (
                      <option key={u} value={u}>
                        {t(`task.detail.unit.${u}`, { count: Number(repeatAmount) || 0 })}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </div>
            {repeatError && <p className="field-error">{repeatError}</p>}
          </Section>

          <Section id="d-prio" title={t('task.detail.priorityAndProgress')}>
            <select className="input" aria-label={t('task.filters.priority')} disabled={readOnly} value={task.priority} onChange={(e) => void save({ ...task, priority: Number(e.target.value) })}>
              {['unset', 'low', 'medium', 'high', 'urgent', 'doNow'].map((k, i) => (
                <option key={k} value={i}>
                  {t(`task.priority.${k}`)}
                </option>
              ))}
            </select>
            <select
              className="input"
              aria-label={t('task.filters.percentDone')}
              disabled={readOnly}
              value={Math.round(task.percentDone * 100)}
              onChange={(e) => void save({ ...task, percentDone: Number(e.target.value) / 100 })}
            >
              {[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => (
                <option key={p} value={p}>
                  {formatPercent(p / 100)}
                </option>
              ))}
            </select>
            <label className="detail-color">
              {t('task.detail.color')}
              <input
                ref={color}
                type="color"
                disabled={readOnly}
                value={`#${task.hexColor || '1973ff'}`}
                onChange={(e) => void save({ ...task, hexColor: e.target.value.replace('#', '') })}
              />
            </label>
          </Section>

          <Section id="d-move" title={t('task.detail.move')}>
            <MoveField ref={fields.move} task={task} listTitle={listTitle} readOnly={readOnly} onMove={(listId) => void save({ ...task, listId, bucketId: 0 })} />
          </Section>

          <BucketField ref={fields.bucket} task={task} readOnly={readOnly} onMove={(bucketId) => void save({ ...task, bucketId })} />

          {!readOnly && (
            <button type="button" className="btn btn-tertiary detail-delete" onClick={() => setConfirmDelete(true)}>
              {t('task.detail.deleteTask')}
            </button>
          )}
        </aside>
      </div>
      <Modal enabled={confirmDelete} title={t('task.detail.deleteTitle')} onClose={() => setConfirmDelete(false)} onSubmit={() => void doDelete()}>
        <p>{t('task.detail.deleteText')}</p>
      </Modal>
    </div>
  );
}
