// sonner's Toaster with the spec's defaults; its own chunk so the first page does not pay for it.
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useAtomValue } from 'jotai/react';
import { TOAST_DURATION_MS, VISIBLE_TOASTS } from '../constants';
import { toasterMounted } from './toast';
import { colorSchemeAtom } from '../state/theme';
import { t } from '../i18n';

function MountedSignal() {
  // Runs after the Toaster's own effects (siblings commit in order), so it is subscribed by now.
  useEffect(() => toasterMounted(), []);
  return null;
}

export default function Toaster() {
  const scheme = useAtomValue(colorSchemeAtom);
  return (
    <>
      <Sonner
        position="bottom-left"
        visibleToasts={VISIBLE_TOASTS}
        duration={TOAST_DURATION_MS}
        theme={scheme === 'auto' ? 'system' : scheme}
        closeButton
        richColors
        containerAriaLabel={t('notification.title')}
      />
      <MountedSignal />
    </>
  );
}
