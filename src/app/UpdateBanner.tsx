// The update banner: offers a reload when a new service worker is waiting.
import { useState } from 'react';
import { useT } from '../i18n';
import { Button } from '../components/Button';
import { usePwaUpdate } from './pwa';

export function UpdateBanner() {
  const t = useT();
  const { needRefresh, update } = usePwaUpdate();
  const [reloading, setReloading] = useState(false);
  if (!needRefresh) return null;
  return (
    <div
      className="update-banner"
      role="status"
      // Inline so the banner needs no stylesheet of its own: it can show on any screen, signed in or not.
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1000,
        display: 'flex',
        gap: '1rem',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '0.5rem 1rem',
        background: '#1973ff',
        color: '#fff',
      }}
    >
      <span>{t('update.available')}</span>
      <Button
        variant="secondary"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          void update();
        }}
      >
        {t('update.reload')}
      </Button>
    </div>
  );
}
