// A card with an optional title, close control, loading state and footer.
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { useDelayedFlag } from './Loading';

export interface CardProps {
  title?: ReactNode;
  onClose?: () => void;
  loading?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  headingLevel?: 1 | 2 | 3;
}

export function Card({ title, onClose, loading = false, footer, children, className, headingLevel = 2 }: CardProps) {
  const t = useT();
  const showLoading = useDelayedFlag(loading);
  const Heading = `h${headingLevel}` as 'h1' | 'h2' | 'h3';
  return (
    <section className={['card', showLoading ? 'is-loading' : '', className ?? ''].filter(Boolean).join(' ')} aria-busy={loading || undefined}>
      {(title || onClose) && (
        <header className="card-header">
          {title && <Heading className="card-title">{title}</Heading>}
          {onClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('misc.close')}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
      )}
      <div className="card-content">{children}</div>
      {footer && <footer className="card-footer">{footer}</footer>}
    </section>
  );
}
