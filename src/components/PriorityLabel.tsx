// The priority tag of a task: shown only for open tasks whose priority is high or more, or any set one with showAll.
import { useT } from '../i18n';
import { TASK_PRIORITIES } from '../model/tasks';
import './priorityLabel.css';

const KEYS: Record<number, string> = {
  1: 'task.priority.low',
  2: 'task.priority.medium',
  3: 'task.priority.high',
  4: 'task.priority.urgent',
  5: 'task.priority.doNow',
};

export function priorityVisible(priority: number, done: boolean, showAll = false): boolean {
  if (done || priority <= TASK_PRIORITIES.UNSET) return false;
  return showAll || priority >= TASK_PRIORITIES.HIGH;
}

export function PriorityLabel({ priority, done, showAll = false }: { priority: number; done: boolean; showAll?: boolean }) {
  const t = useT();
  if (!priorityVisible(priority, done, showAll)) return null;
  const urgent = priority >= TASK_PRIORITIES.URGENT;
  return (
    <span className={`priority-label${urgent ? ' is-urgent' : ''}`}>
      {priority >= TASK_PRIORITIES.DO_NOW && <span aria-hidden="true">!!! </span>}
      {t(KEYS[priority] ?? 'task.priority.unset')}
    </span>
  );
}
