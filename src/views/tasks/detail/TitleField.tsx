// The task title in the detail heading: saved on blur; Enter keeps it and Escape gives the saved one back, both leaving for the task.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';

export interface TitleFieldProps {
  task: Task;
  readOnly: boolean;
  save: (next: Task) => void;
  /** The task itself, which takes the focus after Enter or Escape so the letter shortcuts act on it. */
  root: RefObject<HTMLDivElement | null>;
}

export function TitleField({ task, readOnly, save, root }: TitleFieldProps) {
  const t = useT();
  const [title, setTitle] = useState(task.title);
  const cancelled = useRef(false);
  // The title follows the store: a save here or anywhere else, and a refused save rolled back (the error says why).
  useEffect(() => setTitle(task.title), [task.title]);

  const onBlur = () => {
    if (cancelled.current) {
      cancelled.current = false;
      return setTitle(task.title);
    }
    const trimmed = title.trim();
    if (trimmed === '') return setTitle(task.title);
    if (trimmed !== task.title) save({ ...task, title: trimmed });
  };

  return (
    <input
      className="detail-title"
      aria-label={t('task.detail.title')}
      value={title}
      readOnly={readOnly}
      onChange={(e) => setTitle(e.target.value)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          root.current?.focus();
        } else if (e.key === 'Escape') {
          // Escape gives the old title back and leaves the field for the task, where the letter shortcuts work.
          e.preventDefault();
          e.stopPropagation();
          cancelled.current = true;
          root.current?.focus();
        }
      }}
    />
  );
}
