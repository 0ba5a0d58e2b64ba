// Notifications: where a click leads by kind, marking read, the unread count rule and the empty state.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, fireEvent, waitFor } from '@testing-library/react';
import { notificationTarget } from '../../../src/views/notifications/notificationTarget';
import { appStore } from '../../../src/state/store';
import { notificationsAtom, unreadCount } from '../../../src/state/notifications';
import type { AppNotification } from '../../../src/api/notifications';
import { renderInApp } from './render';

const markNotification = vi.fn(async () => undefined);
vi.mock('../../../src/api/notifications', () => ({
  markNotification: (...args: unknown[]) => markNotification(...(args as [])),
  getNotifications: vi.fn(async () => []),
}));

const n = (id: number, name: string, notification: AppNotification['notification'], readAt: Date | null = null): AppNotification => ({
  id,
  name,
  notification: { doer: { id: 9, username: 'alice' }, ...notification },
  readAt,
  created: new Date(Date.now() - 60_000),
});

describe('notificationTarget', () => {
  it('comments, assignments and mentions open the task', () => {
    expect(notificationTarget(n(1, 'task.comment', { task: { id: 7 } }))).toBe('/tasks/7');
    expect(notificationTarget(n(1, 'task.assigned', { task: { id: 8 } }))).toBe('/tasks/8');
    expect(notificationTarget(n(1, 'task.mentioned', { task: { id: 9 } }))).toBe('/tasks/9');
  });
  it('a created list opens the list, a team addition the team', () => {
    expect(notificationTarget(n(1, 'list.created', { list: { id: 3 } }))).toBe('/lists/3');
    expect(notificationTarget(n(1, 'team.member.added', { team: { id: 4 } }))).toBe('/teams/4/edit');
  });
  it('a deleted task goes nowhere', () => {
    expect(notificationTarget(n(1, 'task.deleted', { task: { id: 7 } }))).toBeNull();
  });
});

describe('unread count', () => {
  it('counts unread notifications with a name', () => {
    expect(unreadCount([n(1, 'task.comment', {}), n(2, '', {}), n(3, 'task.deleted', {}, new Date())])).toBe(1);
  });
});

describe('NotificationBell', () => {
  beforeEach(() => markNotification.mockClear());

  it('shows the unread dot, navigates by kind and marks read', async () => {
    appStore.set(notificationsAtom, [n(11, 'task.assigned', { task: { id: 42, title: 'Buy milk' } }), n(12, 'task.deleted', { task: { id: 1, title: 'Old' } }, new Date())]);
    const { default: NotificationBell } = await import('../../../src/views/notifications/NotificationBell');
    const { router } = renderInApp(<NotificationBell poll={false} />, { extra: [{ path: '/tasks/:id', id: 'task.detail' }] });
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    fireEvent.click(await screen.findByRole('button', { name: /Buy milk/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/42'));
    expect(markNotification).toHaveBeenCalledWith(11, true);
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
  });

  it('a deleted-task notification stays put but is marked read', async () => {
    appStore.set(notificationsAtom, [n(13, 'task.deleted', { task: { id: 1, title: 'Gone' } })]);
    const { default: NotificationBell } = await import('../../../src/views/notifications/NotificationBell');
    const { router } = renderInApp(<NotificationBell poll={false} />);
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Gone/ }));
    await waitFor(() => expect(markNotification).toHaveBeenCalledWith(13, true));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the empty state and closes on an outside click', async () => {
    appStore.set(notificationsAtom, []);
    const { default: NotificationBell } = await import('../../../src/views/notifications/NotificationBell');
    renderInApp(<NotificationBell poll={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/don't have any notifications/)).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
