// Task detail helpers and its letter shortcuts: checklist toggling, sanitised markdown, commands only while a task is open.
import { describe, expect, it } from 'vitest';
import { toggleChecklistItem, renderMarkdown } from '../../../src/views/tasks/detail/Description';
import { taskCommands, taskOpen } from '../../../commands/tasks';
import { appStore } from '../../../src/state/store';
import { openTaskIdAtom, taskFieldRequestAtom } from '../../../src/state/taskDetail';
import type { CommandContext } from '../../../commands/registry';

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({ navigate: () => {}, routeName: 'task.detail', signedIn: true, listId: null, ...over });

describe('description', () => {
  it('toggles the nth checklist item only', () => {
    const text = '- [ ] a\n- [x] b\n* [ ] c';
    expect(toggleChecklistItem(text, 0)).toBe('- [x] a\n- [x] b\n* [ ] c');
    expect(toggleChecklistItem(text, 1)).toBe('- [ ] a\n- [ ] b\n* [ ] c');
    expect(toggleChecklistItem(text, 2)).toBe('- [ ] a\n- [x] b\n* [x] c');
  });
  it('renders markdown sanitised, with clickable task-list boxes', () => {
    const html = renderMarkdown('**bold** <img src=x onerror="alert(1)"><script>alert(1)</script>\n\n- [ ] todo');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(html).not.toContain('disabled');
  });
});

describe('task detail commands', () => {
  it('has the letter keys of the spec', () => {
    // The palette-only doors (a pick page such as "Set the bucket of this task") have no key.
    expect(Object.fromEntries(taskCommands.filter((c) => c.keys).map((c) => [c.id, c.keys]))).toEqual({
      'task.done': ['t'],
      'task.assign': ['a'],
      'task.labels': ['l'],
      'task.dueDate': ['d'],
      'task.attachment': ['f'],
      'task.related': ['r'],
      'task.move': ['m'],
      'task.bucket': ['b'],
      'task.color': ['c'],
      'task.reminder': ['Alt+KeyR'],
      'task.description': ['e'],
    });
  });
  it('apply only while a task is open', () => {
    appStore.set(openTaskIdAtom, null);
    expect(taskOpen(ctx())).toBe(false);
    expect(taskOpen(ctx({ taskId: 4 }))).toBe(true);
    appStore.set(openTaskIdAtom, 4);
    expect(taskOpen(ctx())).toBe(true);
    expect(taskOpen(ctx({ signedIn: false }))).toBe(false);
  });
  it('request their field from the open detail view, each press counting', async () => {
    appStore.set(openTaskIdAtom, 4);
    const labels = taskCommands.find((c) => c.id === 'task.labels')!;
    await labels.run(ctx());
    const first = appStore.get(taskFieldRequestAtom);
    expect(first?.field).toBe('labels');
    await labels.run(ctx());
    expect(appStore.get(taskFieldRequestAtom)!.nonce).toBeGreaterThan(first!.nonce);
  });
});
