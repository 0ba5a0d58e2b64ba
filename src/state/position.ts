// The drag position rule: where a moved item lands between its new neighbours.

export const POSITION_STEP = 65536;

/**
 * Between neighbours the midpoint; at the end the previous plus one step; with no previous half the
 * next; with no neighbours 0.
 */
export function positionBetween(prev?: number | null, next?: number | null): number {
  const hasPrev = prev !== undefined && prev !== null;
  const hasNext = next !== undefined && next !== null;
  if (hasPrev && hasNext) return (prev + next) / 2;
  if (hasPrev) return prev + POSITION_STEP;
  if (hasNext) return next / 2;
  return 0;
}
