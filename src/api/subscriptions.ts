// Subscriptions to namespaces, lists and tasks: PUT (subscribe) and DELETE (unsubscribe) /subscriptions/{entity}/{id}.
import { del, put } from './client';

export type SubscriptionEntity = 'namespace' | 'list' | 'task';

export interface Subscription {
  id: number;
  /** The entity the subscription is on; differs from the holder when inherited from a parent. */
  entity: SubscriptionEntity | string;
  entityId: number;
  created?: Date | null;
}

export function subscribe(entity: SubscriptionEntity, entityId: number): Promise<Subscription> {
  return put<Subscription>(`subscriptions/${entity}/${entityId}`);
}

export async function unsubscribe(entity: SubscriptionEntity, entityId: number): Promise<void> {
  await del(`subscriptions/${entity}/${entityId}`);
}
