// Where clicking a notification leads, by kind: tasks to their detail, lists to their index, team additions to the team.
import type { AppNotification } from '../../api/notifications';
import { pathFor } from '../../routes';

export function notificationTarget(n: Pick<AppNotification, 'name' | 'notification'>): string | null {
  const p = n.notification;
  switch (n.name) {
    case 'task.comment':
    case 'task.assigned':
    case 'task.mentioned':
      return p.task?.id ? pathFor('task.detail', { id: p.task.id }) : null;
    case 'list.created':
      return p.list?.id ? pathFor('list.index', { listId: p.list.id }) : null;
    case 'team.member.added':
      return p.team?.id ? pathFor('teams.edit', { id: p.team.id }) : null;
    case 'task.deleted':
    default:
      return null;
  }
}

/** The i18n key and parameters of a notification's text. */
export function notificationText(n: Pick<AppNotification, 'name' | 'notification'>, self?: { id: number } | null): { key: string; params: Record<string, string> } {
  const p = n.notification;
  const task = p.task?.title ?? '';
  switch (n.name) {
    case 'task.comment':
      return { key: 'notification.kind.comment', params: { task } };
    case 'task.assigned': {
      const toSelf = !!self && p.assignee?.id === self.id;
      const assignee = p.assignee ? p.assignee.name || p.assignee.username : '';
      return toSelf ? { key: 'notification.kind.assignedYou', params: { task } } : { key: 'notification.kind.assigned', params: { task, assignee } };
    }
    case 'task.deleted':
      return { key: 'notification.kind.deleted', params: { task } };
    case 'list.created':
      return { key: 'notification.kind.listCreated', params: { list: p.list?.title ?? '' } };
    case 'team.member.added': {
      const member = p.member ? p.member.name || p.member.username : '';
      return { key: 'notification.kind.memberAdded', params: { member, team: p.team?.name ?? '' } };
    }
    case 'task.mentioned':
      return { key: 'notification.kind.mentioned', params: { task } };
    default:
      return { key: 'notification.kind.unknown', params: {} };
  }
}
