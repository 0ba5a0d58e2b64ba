// The outbox in IndexedDB (fake-indexeddb): writes survive closing the page, keep their order across tabs, and temporary ids are never shared.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { taskFromApi } from '../../../src/api/tasks';
import { idbStorage } from '../../../src/outbox/idbStorage';
import type { Write } from '../../../src/outbox/types';

/** The task a write is about (every write of these tests has one). */
const taskOf = (write: Write): number => ('taskId' in write ? write.taskId : NaN);

describe('idbStorage', () => {
  it('keeps writes in order across two tabs and after a reopen, with distinct temporary ids', async () => {
    const name = 'keyflow-outbox:http://localhost/api/v1:1';
    const tabA = await idbStorage(name);
    const tabB = await idbStorage(name);
    const base = taskFromApi({ id: 4, title: 'Four', list_id: 1, updated: '2026-11-01T10:00:00Z', due_date: '2026-12-01T09:00:00Z' });
    const first = await tabA.add({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'One' } }, 'One', true);
    const second = await tabB.add({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Two' } }, 'Two', true);
    await tabA.add({ kind: 'update', taskId: 4, base, changes: { done: true } }, 'Four', false);
    expect([taskOf(first.write), taskOf(second.write)]).toEqual([-1, -2]);
    tabA.close();
    tabB.close();

    const reopened = await idbStorage(name);
    const entries = await reopened.all();
    expect(entries.map((e) => [e.write.kind, taskOf(e.write), e.title, e.deferred])).toEqual([
      ['create', -1, 'One', true],
      ['create', -2, 'Two', true],
      ['update', 4, 'Four', false],
    ]);
    const update = entries[2].write;
    // Dates come back as dates: the If-Match of the edit is built from its base's `updated`.
    expect(update.kind === 'update' && update.base.updated).toEqual(new Date('2026-11-01T10:00:00Z'));

    await reopened.put([{ ...entries[0], state: 'refused', refusal: { status: 400, code: 2001, message: 'Too long' } }]);
    await reopened.remove([entries[1].key]);
    expect((await reopened.all()).map((e) => [e.key, e.state])).toEqual([
      [entries[0].key, 'refused'],
      [entries[2].key, 'queued'],
    ]);
    // A later create still gets a new temporary id, not one handed out before.
    expect(taskOf((await reopened.add({ kind: 'create', taskId: 0, listId: 1, fields: { title: 'Three' } }, 'Three', true)).write)).toBe(-3);
    reopened.close();
  });
});
