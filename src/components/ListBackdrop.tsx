// A list's background behind its views (list, table, kanban, gantt), under a scrim in the theme's colour so the
// page's text stays readable on a light or a dark image.
import type { List } from '../api/lists';
import { useListBackground } from './useListBackground';
import './listCard.css';

export function ListBackdrop({ list }: { list: Pick<List, 'id' | 'backgroundInformation' | 'backgroundBlurHash'> | null | undefined }) {
  const { image } = useListBackground(list);
  if (!image) return null;
  return <div className="list-backdrop" aria-hidden="true" style={{ backgroundImage: `url(${image})` }} />;
}
