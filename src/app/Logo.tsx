// The "Keyflow" wordmark (164×48), with a pride gradient in June.
import { useId } from 'react';
import { PRIDE_MONTH_INDEX } from '../constants';

export function isPrideMonth(date = new Date()): boolean {
  return date.getMonth() === PRIDE_MONTH_INDEX;
}

export function Logo({ width = 164, height = 48, date }: { width?: number; height?: number; date?: Date }) {
  const gradientId = useId();
  const pride = isPrideMonth(date);
  const fill = pride ? `url(#${gradientId})` : 'currentColor';
  return (
    <svg className={`logo${pride ? ' logo-pride' : ''}`} width={width} height={height} viewBox="0 0 164 48" role="img" aria-label="Keyflow" data-pride={pride || undefined}>
      {pride && (
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#e40303" />
            <stop offset="0.2" stopColor="#ff8c00" />
            <stop offset="0.4" stopColor="#ffed00" />
            <stop offset="0.6" stopColor="#008026" />
            <stop offset="0.8" stopColor="#004dff" />
            <stop offset="1" stopColor="#750787" />
          </linearGradient>
        </defs>
      )}
      <g transform="translate(2 10) scale(0.875)">
        <rect width="32" height="32" rx="7" fill={pride ? fill : 'var(--primary, #1973ff)'} />
        <path d="M9 9h4v6l6-6h5l-7 7 7 7h-5l-6-6v6H9z" fill="#fff" />
      </g>
      <text x="40" y="33" fill={fill} fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" fontSize="25" fontWeight="700" letterSpacing="-0.6">
        Keyflow
      </text>
    </svg>
  );
}
