// A list as a card: colour border, optional background with its BlurHash as placeholder, archived tag, title, favorite star.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { List } from '../api/lists';
import { listBackgroundAddress } from '../app/addresses';
import { FavoriteStar } from './FavoriteStar';
import { useT } from '../i18n';
import { pathFor } from '../routes';
import { blurHashDataUrl } from './blurHash';
import './organising.css';
import './listCard.css';

export function ListCard({ list, onToggleFavorite }: { list: List; onToggleFavorite?: (list: List) => void }) {
  const t = useT();
  const [background, setBackground] = useState<string | null>(null);
  const hasBackground = !!list.backgroundInformation;

  useEffect(() => {
    if (!hasBackground) return;
    let url: string | null = null;
    let live = true;
    listBackgroundAddress(list.id).then(
      (u) => {
        url = u;
        if (live) setBackground(u);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [list.id, hasBackground]);

  const color = list.hexColor ? `#${list.hexColor}` : 'var(--border-strong)';
  // Until the background arrives, its BlurHash (from the list) stands in for it; without one, a plain gradient.
  const placeholder = hasBackground && !background ? blurHashDataUrl(list.backgroundBlurHash) : null;
  const image = background ?? placeholder;
  // The card is a box with a stretched link and a separate star button: a button may not sit inside a link.
  return (
    <div
      className={`list-card${image ? ' has-background' : ''}${hasBackground && !background ? (placeholder ? ' is-blurhash' : ' is-placeholder') : ''}`}
      style={{ borderLeftColor: color, backgroundImage: image ? `url(${image})` : undefined }}
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
