// The add-task box: highlighting, dismissing tokens, Enter/Shift+Enter, errors, and the typed text restored on failure.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AddTask, completionAt, tokensOf } from '../../../src/components/AddTask';
import { NoListError, UnfinishedError } from '../../../src/actions/quickAdd';
import { appStore } from '../../../src/state/store';
import { labelsAtom, labelsLoadedAtom } from '../../../src/state/namespaces';
import { renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
import { error as toastError } from '../../../src/app/toast';

beforeEach(() => {
  appStore.set(labelsLoadedAtom, true);
  appStore.set(labelsAtom, [{ id: 1, title: 'errand', description: '', hexColor: 'ffd166', textColor: '4a4a4a', maxRight: null }]);
  vi.mocked(toastError).mockClear();
});

const input = () => screen.getByRole('combobox', { name: 'Add a task' }) as HTMLTextAreaElement;

describe('AddTask', () => {
  it('highlights recognised tokens as they are typed', () => {
    renderApp(<AddTask onAdd={vi.fn()} />);
    fireEvent.change(input(), { target: { value: 'Buy milk tomorrow at 17:00 *errand !3' } });
    const marks = document.querySelectorAll('.add-task-backdrop mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['tomorrow at 17:00', '*errand', '!3']);
    expect(screen.getByRole('list', { name: 'Recognised in the text' })).toHaveTextContent('*errand');
  });

  it('submits on Enter with the text; Shift+Enter does not submit', async () => {
    const onAdd = vi.fn().mockResolvedValue([]);
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: 'One' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('One', []));
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('shows the title-required error for empty input and does not call onAdd', () => {
    const onAdd = vi.fn();
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: '   ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please specify a title for the task.');
  });

  it('restores the typed text and shows list-required when no list resolves', async () => {
    const onAdd = vi.fn().mockRejectedValue(new NoListError());
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: 'Orphan +Nowhere' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please specify a list or set a default list in the settings.'));
    expect(input().value).toBe('Orphan +Nowhere');
  });

  it('restores the typed text on a server failure and shows the error', async () => {
    const failure = Object.assign(new Error('boom'), { code: 4001 });
    const onAdd = vi.fn().mockRejectedValue(failure);
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: 'Line one\n  Line two' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(failure));
    expect(input().value).toBe('Line one\n  Line two');
  });

  it('an unfinished text (told by the action already) comes back to be sent again, with no second toast', async () => {
    const onAdd = vi.fn().mockRejectedValue(new UnfinishedError([]));
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: 'Buy bread *errand' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Send the text again to finish it: nothing is created twice.'));
    expect(input().value).toBe('Buy bread *errand');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('dismisses a token: it is no longer highlighted and is passed as a kept span', async () => {
    const onAdd = vi.fn().mockResolvedValue([]);
    renderApp(<AddTask onAdd={onAdd} />);
    fireEvent.change(input(), { target: { value: 'Read *errand today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep “*errand” as text' }));
    const marks = [...document.querySelectorAll('.add-task-backdrop mark')].map((m) => m.textContent);
    expect(marks).not.toContain('*errand');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith('Read *errand today', [{ start: 5, end: 12, text: '*errand' }]));
  });

  it('completes the label under the cursor', () => {
    renderApp(<AddTask onAdd={vi.fn()} />);
    const el = input();
    fireEvent.change(el, { target: { value: 'Buy *err', selectionStart: 8 } });
    const option = screen.getByRole('option', { name: 'errand' });
    fireEvent.mouseDown(option);
    expect(el.value).toBe('Buy *errand ');
  });
});

describe('tokensOf / completionAt', () => {
  const now = new Date(2026, 0, 5, 8);
  it('offsets tokens of later lines into the whole text', () => {
    const toks = tokensOf('a !3\nb *x', 'vikunja', [], now);
    expect(toks.map((t) => [t.kind, t.start, t.end])).toEqual([
      ['priority', 2, 4],
      ['label', 7, 9],
    ]);
  });
  it('finds the prefixed word at the caret for the mode', () => {
    expect(completionAt('Buy *er', 7, 'vikunja')).toMatchObject({ kind: 'label', query: 'er', start: 4 });
    expect(completionAt('Buy @er', 7, 'todoist')).toMatchObject({ kind: 'label' });
    expect(completionAt('Buy +Gro', 8, 'vikunja')).toMatchObject({ kind: 'list', query: 'Gro' });
    expect(completionAt('Buy er', 6, 'vikunja')).toBeNull();
    expect(completionAt('Buy *er', 7, 'disabled')).toBeNull();
  });
});
