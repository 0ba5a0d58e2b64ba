// One task in a list: done checkbox (saved 300 ms after checking), list and colour, parents, title, labels, avatars, due date with the defer panel, priority, icons, checklist, progress, favorite.
import { lazy, memo, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../i18n';
import { formatDate } from '../i18n/dateLocale';
import { pathFor } from '../routes';
import { listsByIdAtom } from '../state/namespaces';
import { getChecklistStatistics } from '../../parsers';
import { onShellPainted } from '../app/AfterFirstPaint';
import type { Task } from '../api/tasks';
import { isUndisclosed } from '../model/relations';
import { LabelChip } from './LabelChip';
import { UserAvatar } from './UserAvatar';
import { PriorityLabel } from './PriorityLabel';
import { FavoriteStar } from './FavoriteStar';
import './taskRow.css';

export const DONE_CHECK_DELAY_MS = 300;

// The defer panel (with its calendar and date library) loads when a due date is first clicked, not with the rows.
const DeferPanel = lazy(() => import('./DeferPanel').then((m) => ({ default: m.DeferPanel })));
export const TASK_ROW_AVATAR_SIZE = 27;

export interface TaskRowProps {
  task: Task;
  /** Show the list bubble and link (views over several lists). */
  showList?: boolean;
  /** Read-only rows (archived list, read right) cannot be checked or deferred. */
  disabled?: boolean;
  showAllPriorities?: boolean;
  now?: Date;
  /** Called 300 ms after the checkbox changed. */
  onDoneChange: (task: Task, done: boolean) => void;
  /** Saves a changed task (due date from the defer panel, favorite). */
  onSave: (task: Task) => void | Promise<unknown>;
  /** Extra content before the checkbox (the drag handle). */
  handle?: ReactNode;
}

// The language's date locale is a chunk of its own: fetch it while idle, not while the first rows render. The defer
// panel too, once the shell has painted the first rows (it brings the shared chunk), so the first click on a due date
// opens it at once.
if (typeof window !== 'undefined') {
  const idle = window.requestIdleCallback ?? window.setTimeout;
  idle(() => formatDate(new Date(0)));
  onShellPainted(() => idle(() => void import('./DeferPanel')));
}

export function isOverdue(task: Pick<Task, 'dueDate' | 'done'>, now: Date = new Date()): boolean {
  return !task.done && task.dueDate !== null && task.dueDate.getTime() < now.getTime();
}

function Icon({ name, label }: { name: 'attachment' | 'description' | 'repeat'; label: string }) {
  const paths = {
    attachment: 'M16.5 6.5 8.4 14.6a2 2 0 0 0 2.8 2.8l8.1-8.1a4 4 0 0 0-5.7-5.7L5.5 11.7a6 6 0 0 0 8.5 8.5L20 14.2',
    description: 'M4 6h16M4 10h16M4 14h10M4 18h7',
    repeat: 'M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4',
  } as const;
  return (
    <span className="task-icon" title={label} role="img" aria-label={label}>
      <svg
        viewBox="0 0 24 24"
        width="14"
        height="14"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={paths[name]} />
      </svg>
    </span>
  );
}

function TaskRowImpl({ task, showList = false, disabled = false, showAllPriorities = false, now, onDoneChange, onSave, handle }: TaskRowProps) {
  const t = useT();
  const location = useLocation();
  const lists = useAtomValue(listsByIdAtom);
  const list = lists.get(task.listId);
  const [checked, setChecked] = useState(task.done);
  const [deferOpen, setDeferOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dueButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setChecked(task.done), [task.done]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onCheck = (value: boolean) => {
    setChecked(value);
    if (timer.current) clearTimeout(timer.current);
    // The short delay lets the check mark be seen before the row moves or disappears.
    timer.current = setTimeout(() => {
      timer.current = null;
      if (value !== task.done) onDoneChange(task, value);
    }, DONE_CHECK_DELAY_MS);
  };

  const parents = task.relatedTasks.parenttask ?? [];
  const checklist = getChecklistStatistics(task.description);
  const overdue = isOverdue(task, now);
  const dueText = task.dueDate ? formatDate(task.dueDate) : '';
  const color = task.hexColor && task.hexColor !== '' ? task.hexColor : null;
  const detail = pathFor('task.detail', { id: task.id });

  return (
    <div className={`task-row${task.done ? ' is-done' : ''}`} data-task-id={task.id}>
      {handle}
      <input
        type="checkbox"
        className="task-done"
        checked={checked}
        disabled={disabled}
        aria-label={t(checked ? 'task.markUndone' : 'task.markDone', { title: task.title })}
        onChange={(e) => onCheck(e.target.checked)}
      />
      {showList && list && (
        <>
          <span className="color-bubble" style={{ background: list.hexColor ? `#${list.hexColor}` : 'var(--grey-300, #ccc)' }} aria-hidden="true" />
          <Link className="task-list-link" to={pathFor('list.index', { listId: list.id })}>
            {list.title}
          </Link>
          <span className="task-arrow" aria-hidden="true">
            ›
          </span>
        </>
      )}
      {color && <span className="color-bubble" style={{ background: `#${color}` }} aria-hidden="true" />}
      <span className="task-main">
        {parents.map((p) => (
          <span key={p.id} className="task-parent">
            {isUndisclosed(p) ? t('task.relation.undisclosed') : p.title}
            <span className="task-arrow" aria-hidden="true">
              {' › '}
            </span>
          </span>
        ))}
        <Link className="task-title" to={detail} state={{ backdrop: location.pathname + location.search }}>
          {task.title}
        </Link>
        {task.labels.map((l) => (
          <LabelChip key={l.id} label={l} />
        ))}
        {task.assignees.length > 0 && (
          <span className="task-assignees">
            {task.assignees.map((a) => (
              <UserAvatar key={a.id} user={a} size={TASK_ROW_AVATAR_SIZE} />
            ))}
          </span>
        )}
        {task.dueDate && (
          <span className="task-due-wrap">
            <button
              ref={dueButton}
              type="button"
              className={`task-due${overdue ? ' is-overdue' : ''}`}
              disabled={disabled}
              aria-haspopup="dialog"
              aria-expanded={deferOpen}
              title={dueText}
              onClick={() => setDeferOpen((o) => !o)}
            >
              {overdue && <span className="visually-hidden">{t('task.overdue')} </span>}
              {t('task.dueOn', { date: dueText })}
            </button>
            {deferOpen && (
              <Suspense fallback={null}>
                <DeferPanel
                  dueDate={task.dueDate}
                  anchor={dueButton.current}
                  onClose={() => {
                    setDeferOpen(false);
                    dueButton.current?.focus();
                  }}
                  onSave={(date) => void onSave({ ...task, dueDate: date })}
                />
              </Suspense>
            )}
          </span>
        )}
        <PriorityLabel priority={task.priority} done={task.done} showAll={showAllPriorities} />
        {task.attachments.length > 0 && <Icon name="attachment" label={t('task.hasAttachments')} />}
        {task.description.trim() !== '' && task.description !== '<p></p>' && <Icon name="description" label={t('task.hasDescription')} />}
        {task.repeatAfter.amount > 0 || task.repeatMode === 1 ? <Icon name="repeat" label={t('task.repeats')} /> : null}
        {checklist.total > 0 && (
          <span className="task-checklist" aria-label={t('task.checklist', { checked: checklist.checked, total: checklist.total, count: checklist.total })}>
            {checklist.checked}/{checklist.total}
          </span>
        )}
      </span>
      {task.percentDone > 0 && (
        <progress
          className="task-progress"
          max={100}
          value={Math.round(task.percentDone * 100)}
          aria-label={t('task.percentDone', { percent: Math.round(task.percentDone * 100) })}
        />
      )}
      {/* Starring saves the task: where it cannot be saved (read-only, a link share) there is no star to fail. */}
      {!disabled && <FavoriteStar isFavorite={task.isFavorite} title={task.title} onToggle={() => void onSave({ ...task, isFavorite: !task.isFavorite })} />}
    </div>
  );
}

export const TaskRow = memo(TaskRowImpl);
