// What cannot work offline says so in place: "Needs a connection" beside (or instead of) the control.
import { useAtomValue } from 'jotai/react';
import { onlineAtom } from '../state/readiness';
import { useT } from '../i18n';

/** Whether the browser has a network now. */
export function useOnline(): boolean {
  return useAtomValue(onlineAtom);
}

export function NeedsConnection({ id }: { id?: string }) {
  const t = useT();
  return (
    <p className="needs-connection" id={id}>
      {t('outbox.needsConnection')}
    </p>
  );
}
