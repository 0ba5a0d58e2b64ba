// Imprint and privacy policy links, each shown only when the server configures it.
import { useAtomValue } from 'jotai/react';
import { configAtom } from '../state/config';
import { useT } from '../i18n';

export function LegalLinks() {
  const t = useT();
  const legal = useAtomValue(configAtom)?.legal;
  if (!legal?.imprintUrl && !legal?.privacyPolicyUrl) return null;
  return (
    <nav className="legal-links" aria-label={t('navigation.legal')}>
      {legal.imprintUrl && (
        <a href={legal.imprintUrl} target="_blank" rel="noreferrer noopener">
          {t('navigation.imprint')}
        </a>
      )}
      {legal.privacyPolicyUrl && (
        <a href={legal.privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
          {t('navigation.privacy')}
        </a>
      )}
    </nav>
  );
}
