// A small round swatch of an entity colour (decorative; the entity's title carries the meaning).
import './organising.css';

export function ColorBubble({ color, size = 10 }: { color: string | null | undefined; size?: number }) {
  const hex = (color ?? '').replace(/^#/, '');
  if (hex === '') return null;
  return <span className="color-bubble" aria-hidden="true" style={{ background: `#${hex}`, width: size, height: size }} />;
}
