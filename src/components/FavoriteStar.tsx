// A toggle button with a star for favorites; the caller saves and rolls back on failure.
import { useT } from '../i18n';
import './organising.css';

export function FavoriteStar({ isFavorite, onToggle, title, className }: { isFavorite: boolean; onToggle: () => void; title?: string; className?: string }) {
  const t = useT();
  const label = isFavorite ? t('organising.favorite.remove') : t('organising.favorite.add');
  return (
    <button
      type="button"
      className={['favorite-star', isFavorite ? 'is-favorite' : '', className ?? ''].filter(Boolean).join(' ')}
      aria-pressed={isFavorite}
      aria-label={title ? `${label}: ${title}` : label}
      title={label}
      onClick={(e) => {
        // Stars sit inside links and cards: the click must not open the item.
        e.preventDefault();
        e.stopPropagation();
        onToggle();
      }}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.8l-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z"
          fill={isFavorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
