// The square crop of the avatar cropper as plain maths over image pixels: start, move, zoom, always inside the image.

export interface Square {
  x: number;
  y: number;
  size: number;
}

/** The smallest square a person can choose, in image pixels (smaller images allow their own size). */
export const MIN_CROP = 32;

/** The largest centred square. */
export function initialSquare(width: number, height: number): Square {
  const size = Math.min(width, height);
  return { x: (width - size) / 2, y: (height - size) / 2, size };
}

/** Keeps a square inside the image and within the size limits. */
export function clampSquare(sq: Square, width: number, height: number): Square {
  const max = Math.min(width, height);
  const size = Math.min(max, Math.max(Math.min(MIN_CROP, max), sq.size));
  return {
    x: Math.min(width - size, Math.max(0, sq.x)),
    y: Math.min(height - size, Math.max(0, sq.y)),
    size,
  };
}

export function moveSquare(sq: Square, dx: number, dy: number, width: number, height: number): Square {
  return clampSquare({ ...sq, x: sq.x + dx, y: sq.y + dy }, width, height);
}

/** Scales the square by `factor` around its centre (factor < 1 zooms in). */
export function zoomSquare(sq: Square, factor: number, width: number, height: number): Square {
  const size = sq.size * factor;
  const cx = sq.x + sq.size / 2;
  const cy = sq.y + sq.size / 2;
  return clampSquare({ x: cx - size / 2, y: cy - size / 2, size }, width, height);
}

/** The step an arrow key moves the square: 2 % of the shorter side, 10 % with Shift. */
export function keyStep(width: number, height: number, large: boolean): number {
  return Math.max(1, Math.round(Math.min(width, height) * (large ? 0.1 : 0.02)));
}

/** The side of the uploaded PNG: the crop's own pixels, at most 512 (avatars are shown at 50 px or less). */
export function outputSize(sq: Square): number {
  return Math.max(1, Math.min(512, Math.round(sq.size)));
}
