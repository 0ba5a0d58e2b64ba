// A list as a card: colour border, optional background with its BlurHash as placeholder, archived tag, title, favorite star.
import { Link } from 'react-router-dom';
import type { List } from '../api/lists';
import { FavoriteStar } from './FavoriteStar';
import { useT } from '../i18n';
import { pathFor } from '../routes';
import { useListBackground } from './useListBackground';
import './organising.css';
import './listCard.css';

export function ListCard({ list, onToggleFavorite }: { list: List; onToggleFavorite?: (list: List) => void }) {
  const t = useT();
  // Until the background arrives, its BlurHash (from the list) stands in for it; without one, a plain gradient.
  const { image, loading } = useListBackground(list);
  const color = list.hexColor ? `#${list.hexColor}` : 'var(--border-strong)';
  // The card is a box with a stretched link and a separate star button: a button may not sit inside a link.
  // The title is white on a dark scrim over the image's lower part, so it reads on a light image too.
  return (
    <div
      className={`list-card${image ? ' has-background' : ''}${loading ? (image ? ' is-blurhash' : ' is-placeholder') : ''}`}
      style={{ borderLeftColor: color, backgroundImage: image ? `linear-gradient(to top, rgb(0 0 0 / 70%), rgb(0 0 0 / 20%) 75%), url(${image})` : undefined }}
    >
      <span className="list-card-top">
        {list.isArchived && <span className="tag">{t('list.archived')}</span>}
        {!list.isArchived && onToggleFavorite && list.id > 0 && (
          <FavoriteStar isFavorite={list.isFavorite} title={list.title} onToggle={() => onToggleFavorite(list)} className="list-card-star" />
        )}
      </span>
      <Link to={pathFor('list.index', { listId: list.id })} className="list-card-title">
        {list.title}
      </Link>
    </div>
  );
}
