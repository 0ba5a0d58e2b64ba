// The top bar's outbox indicator and the waiting-changes dialog: quiet when all has arrived, the count offline and
// while sending, and a refused change with the reason, Retry and Discard.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeTask, renderApp } from '../tasks/fixtures';
import type { Entry } from '../../../src/outbox/types';

vi.mock('../../../src/outbox/current', async (orig) => ({ ...(await orig<typeof import('../../../src/outbox/current')>()), retryWrite: vi.fn(async () => undefined) }));
vi.mock('../../../src/actions/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/actions/tasks')>()), discardWaiting: vi.fn(async () => undefined) }));
const { outboxStateAtom, retryWrite } = vi.mocked(await import('../../../src/outbox/current'));
const { discardWaiting } = vi.mocked(await import('../../../src/actions/tasks'));
const { appStore } = await import('../../../src/state/store');
const { onlineAtom } = await import('../../../src/state/readiness');
const { OutboxIndicator } = await import('../../../src/app/OutboxIndicator');
vi.mock('../../../src/state/session', async (orig) => ({ ...(await orig<typeof import('../../../src/state/session')>()), logout: vi.fn(async () => undefined) }));
const { logout } = vi.mocked(await import('../../../src/state/session'));
const { navigationCommands } = await import('../../../commands/navigation');
const { outboxDialogOpenAtom, signOutAskedAtom } = await import('../../../src/outbox/current');
const signOut = () => navigationCommands.find((c) => c.id === 'user.logout')!.run({} as never);

const waiting = (key: number, title: string): Entry => ({ key, title, state: 'queued', deferred: true, write: { kind: 'update', taskId: key, base: makeTask({ id: key, title }), changes: { done: true } } });
const refused: Entry = {
  key: 9,
  title: 'Gone soon',
  state: 'refused',
  deferred: true,
  refusal: { status: 404, code: null, message: 'This task does not exist.' },
  write: { kind: 'update', taskId: 9, base: makeTask({ id: 9, title: 'Gone soon' }), changes: { title: 'Edited' } },
};

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(onlineAtom, true);
  appStore.set(outboxStateAtom, { entries: [], stalled: false });
});

describe('OutboxIndicator', () => {
  it('says nothing while every change has arrived, and counts them offline and while they are sent', () => {
    renderApp(<OutboxIndicator />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);
    // A write its action still waits for is on its way as writes always were: not counted.
    act(() => appStore.set(outboxStateAtom, { entries: [{ ...waiting(1, 'One'), deferred: false }], stalled: false }));
    expect(status).toHaveTextContent(/^$/);
    act(() => {
      appStore.set(onlineAtom, false);
      appStore.set(outboxStateAtom, { entries: [waiting(1, 'One'), waiting(2, 'Two'), waiting(3, 'Three')], stalled: true });
    });
    expect(status).toHaveTextContent('Offline · 3 changes waiting');
    act(() => {
      appStore.set(onlineAtom, true);
      appStore.set(outboxStateAtom, { entries: [waiting(2, 'Two'), waiting(3, 'Three')], stalled: false });
    });
    expect(status).toHaveTextContent('Sending 2 changes…');
  });

  it('opens the list of waiting and refused changes, with the reason, Retry and Discard, by keyboard', async () => {
    const user = userEvent.setup();
    appStore.set(outboxStateAtom, { entries: [refused, waiting(3, 'Three')], stalled: false });
    renderApp(<OutboxIndicator />);
    const button = screen.getByRole('button', { name: 'Sending 1 change… · 1 change refused' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Waiting changes' });
    const refusedList = within(dialog).getByRole('region', { name: 'Refused by the server' });
    expect(refusedList).toHaveTextContent('Change “Gone soon”');
    expect(refusedList).toHaveTextContent('This task does not exist.');
    expect(within(dialog).getByRole('region', { name: 'Waiting to be sent' })).toHaveTextContent('Change “Three”');
    await user.click(within(dialog).getByRole('button', { name: 'Retry: Change “Gone soon”' }));
    expect(retryWrite).toHaveBeenCalledWith(9);
    await user.click(within(dialog).getByRole('button', { name: 'Discard: Change “Gone soon”' }));
    expect(discardWaiting).toHaveBeenCalledWith(9);
  });

  it('asks before a sign-out that would delete changes not yet sent, and signs out at once when none wait', async () => {
    const user = userEvent.setup();
    appStore.set(outboxStateAtom, { entries: [waiting(1, 'One'), waiting(2, 'Two')], stalled: true });
    renderApp(<OutboxIndicator />);
    act(() => void signOut());
    expect(logout).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Waiting changes' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('2 changes have not reached the server yet. Signing out deletes them from this browser.');
    // Escape keeps the session and the changes.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(appStore.get(signOutAskedAtom)).toBe(false);
    expect(logout).not.toHaveBeenCalled();

    act(() => void signOut());
    await user.click(await screen.findByRole('button', { name: 'Sign out and discard' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(appStore.get(outboxDialogOpenAtom)).toBe(false);

    appStore.set(outboxStateAtom, { entries: [], stalled: false });
    await signOut();
    expect(logout).toHaveBeenCalledTimes(2);
  });
});
