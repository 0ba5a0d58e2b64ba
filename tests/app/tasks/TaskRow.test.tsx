// The task row: its parts, the 300 ms done delay, the priority rule and the defer panel opening from the due date.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { TaskRow, DONE_CHECK_DELAY_MS, isOverdue } from '../../../src/components/TaskRow';
import { priorityVisible } from '../../../src/components/PriorityLabel';
import { makeTask, renderApp } from './fixtures';

afterEach(() => vi.useRealTimers());

describe('TaskRow', () => {
  it('shows title, labels, avatars at 27 px, parents with arrows, icons, checklist and progress', () => {
    const parent = makeTask({ id: 9, title: 'Weekend' });
    const task = makeTask({
      labels: [{ id: 1, title: 'errand', hexColor: 'ffd166' }],
      assignees: [{ id: 2, username: 'ann', name: 'Ann' }],
      relatedTasks: { parenttask: [parent] },
      description: '* [x] a\n* [ ] b',
      attachments: [{ id: 1, taskId: 1, file: { id: 1, name: 'a.png', mime: 'image/png', size: 1, created: null }, created: null }],
      repeatAfter: { amount: 1, type: 'days' },
      percentDone: 0.5,
      priority: 4,
    });
    renderApp(<TaskRow task={task} onDoneChange={() => {}} onSave={() => {}} />);
    expect(screen.getByRole('link', { name: 'Buy milk' })).toHaveAttribute('href', '/tasks/1');
    expect(screen.getByText('Weekend')).toBeInTheDocument();
    expect(screen.getByText('errand')).toBeInTheDocument();
    const avatar = screen.getByRole('img', { name: 'Ann' });
    expect(avatar).toHaveAttribute('width', '27');
    expect(screen.getByRole('img', { name: 'Has attachments' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Has a description' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Repeats' })).toBeInTheDocument();
    expect(screen.getByText('1/2')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');
    expect(screen.getByText('Urgent')).toBeInTheDocument();
  });

  it('saves done 300 ms after checking, not before', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    const task = makeTask();
    renderApp(<TaskRow task={task} onDoneChange={onDone} onSave={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Mark “Buy milk” as done' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    act(() => vi.advanceTimersByTime(DONE_CHECK_DELAY_MS - 1));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDone).toHaveBeenCalledWith(task, true);
  });

  it('does not save when checked and unchecked within the delay', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    renderApp(<TaskRow task={makeTask()} onDoneChange={onDone} onSave={() => {}} />);
    const box = screen.getByRole('checkbox');
    fireEvent.click(box);
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(box);
    act(() => vi.advanceTimersByTime(1000));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('marks a past due date of an open task as overdue, italic button that opens the defer panel', async () => {
    const now = new Date(2026, 5, 10, 12);
    const task = makeTask({ dueDate: new Date(2026, 5, 9, 9) });
    expect(isOverdue(task, now)).toBe(true);
    expect(isOverdue({ ...task, done: true }, now)).toBe(false);
    renderApp(<TaskRow task={task} now={now} onDoneChange={() => {}} onSave={() => {}} />);
    const due = screen.getByRole('button', { name: /Due/ });
    expect(due).toHaveClass('task-due', 'is-overdue');
    fireEvent.click(due);
    // The panel's code is a chunk of its own, loaded on the first click (or while idle).
    expect(await screen.findByRole('dialog', { name: 'Defer the due date' })).toBeInTheDocument();
  });

  it('shows the list bubble and link only when asked', () => {
    renderApp(<TaskRow task={makeTask()} onDoneChange={() => {}} onSave={() => {}} />);
    expect(screen.queryByRole('link', { name: /Groceries/ })).toBeNull();
  });

  it('toggles the favorite star through onSave', () => {
    const onSave = vi.fn();
    renderApp(<TaskRow task={makeTask()} onDoneChange={() => {}} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites: Buy milk' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ isFavorite: true }));
  });

  it('disables the checkbox and the due date on read-only rows', () => {
    renderApp(<TaskRow task={makeTask({ dueDate: new Date() })} disabled onDoneChange={() => {}} onSave={() => {}} />);
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Due/ })).toBeDisabled();
  });
});

describe('priority label rule', () => {
  it('shows for open tasks at high or above, or any set priority with show-all', () => {
    expect(priorityVisible(3, false)).toBe(true);
    expect(priorityVisible(2, false)).toBe(false);
    expect(priorityVisible(2, false, true)).toBe(true);
    expect(priorityVisible(0, false, true)).toBe(false);
    expect(priorityVisible(5, true, true)).toBe(false);
  });
});
