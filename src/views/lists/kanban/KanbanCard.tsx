// A kanban card: the title link (the card's one focusable control), due date, priority, labels and assignees.
import { memo, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Task } from '../../../api/tasks';
import { pathFor } from '../../../routes';
import { LabelChip } from '../../../components/LabelChip';
import { UserAvatar } from '../../../components/UserAvatar';
import { PriorityLabel } from '../../../components/PriorityLabel';
import { isOverdue } from '../../../components/TaskRow';
import { formatDate } from '../../../i18n/dateLocale';

interface CardProps {
  task: Task;
  onCtrlClick: (task: Task) => void;
  dragging: boolean;
  /** The card holding the board's roving focus: its link is the board's one Tab stop. */
  tabbable: boolean;
  /** dnd-kit's description of the drag keys, from the bucket's draggable. */
  describedBy: string | undefined;
}

/**
 * A card has no drag hooks: each bucket holds one draggable and lends it to the card pressed (see Column). With a
 * draggable per card, every card re-rendered whenever the drag entered another bucket, 250 of them on a full board.
 * The card is a plain list item; its title link is what takes the focus (Enter opens, Space picks the card up), so
 * nothing interactive sits inside another interactive element.
 */
export const Card = memo(function Card({ task, onCtrlClick, dragging, tabbable, describedBy }: CardProps) {
  const color = task.hexColor ? `#${task.hexColor}` : undefined;
  return (
    <li className={`kanban-card${task.done ? ' is-done' : ''}${dragging ? ' is-dragging' : ''}`} style={{ borderLeftColor: color }} data-task-id={task.id}>
      <CardBody task={task} onCtrlClick={onCtrlClick} tabbable={tabbable} describedBy={describedBy} />
    </li>
  );
});

const CardBody = memo(function CardBody({ task, onCtrlClick, tabbable, describedBy }: Pick<CardProps, 'task' | 'onCtrlClick' | 'tabbable' | 'describedBy'>) {
  const location = useLocation();
  const onClick = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      onCtrlClick(task);
    }
  };
  return (
    <>
      <Link
        className="kanban-card-title"
        to={pathFor('task.detail', { id: task.id })}
        state={{ backdrop: location.pathname }}
        onClick={onClick}
        tabIndex={tabbable ? 0 : -1}
        data-board-target={`task:${task.id}`}
        data-skip-target={tabbable || undefined}
        aria-describedby={describedBy}
      >
        <span className="kanban-card-id">{task.identifier}</span> {task.title}
      </Link>
      {(task.labels.length > 0 || task.dueDate || task.priority > 0) && (
        <div className="kanban-card-meta">
          {task.dueDate && <span className={`task-due${isOverdue(task) ? ' is-overdue' : ''}`}>{formatDate(task.dueDate)}</span>}
          <PriorityLabel priority={task.priority} done={task.done} />
          {task.labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
        </div>
      )}
      {task.assignees.length > 0 && (
        <div className="task-assignees">
          {task.assignees.map((a) => (
            <UserAvatar key={a.id} user={a} size={24} />
          ))}
        </div>
      )}
    </>
  );
});
