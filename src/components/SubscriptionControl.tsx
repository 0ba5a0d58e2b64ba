// Subscribe/unsubscribe for a namespace, list or task; disabled with an explanation when inherited from a parent.
import { useState } from 'react';
import { useT } from '../i18n';
import type { Subscription, SubscriptionEntity } from '../api/subscriptions';
import { error as toastError } from '../app/toast';
import { isInherited, toggleSubscription } from '../state/subscriptions';

export function useSubscriptionLabels(entity: SubscriptionEntity, subscription: Subscription | null | undefined) {
  const t = useT();
  const inherited = isInherited(subscription, entity);
  const subscribed = !!subscription && subscription.id > 0;
  return {
    inherited,
    subscribed,
    label: subscribed ? t('organising.subscription.unsubscribe') : t('organising.subscription.subscribe'),
    tooltip: inherited ? t(`organising.subscription.inherited.${entity}`) : undefined,
  };
}

export interface SubscriptionControlProps {
  entity: SubscriptionEntity;
  entityId: number;
  subscription: Subscription | null | undefined;
  onChange: (next: Subscription | null) => void;
  className?: string;
}

/** A button form of the control (menus use useSubscriptionLabels + toggleSubscription). */
export function SubscriptionControl({ entity, entityId, subscription, onChange, className }: SubscriptionControlProps) {
  const { inherited, label, tooltip } = useSubscriptionLabels(entity, subscription);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className ?? 'btn btn-secondary'}
      disabled={inherited || busy}
      title={tooltip}
      aria-describedby={undefined}
      onClick={async () => {
        setBusy(true);
        try {
          onChange(await toggleSubscription(entity, entityId, subscription));
        } catch (err) {
          void toastError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
      {tooltip && <span className="sr-only"> ({tooltip})</span>}
    </button>
  );
}
