// Subscribing to a namespace, list or task: shared by the subscription control and the palette's commands.
import { subscribe, unsubscribe, type Subscription, type SubscriptionEntity } from '../api/subscriptions';
import { success } from '../app/toast';

/** Flips the subscription and shows the variant's success toast; returns the new state. */
export async function toggleSubscription(entity: SubscriptionEntity, entityId: number, current: Subscription | null | undefined): Promise<Subscription | null> {
  if (current && current.entity === entity) {
    await unsubscribe(entity, entityId);
    void success(`organising.subscription.unsubscribeSuccess.${entity}`);
    return null;
  }
  const created = await subscribe(entity, entityId);
  void success(`organising.subscription.subscribeSuccess.${entity}`);
  return created;
}

/** True when an object's subscription comes from a parent (task from list or namespace, list from namespace). */
export function isInherited(subscription: Subscription | null | undefined, entity: SubscriptionEntity): boolean {
  return !!subscription && subscription.id > 0 && subscription.entity !== entity;
}
