// The avatar crop square: starts centred and maximal, never leaves the image, zooms around its centre.
import { describe, expect, it } from 'vitest';
import { clampSquare, initialSquare, keyStep, moveSquare, outputSize, zoomSquare } from '../../../src/views/settings/crop';

describe('avatar crop maths', () => {
  it('starts with the largest centred square', () => {
    expect(initialSquare(400, 200)).toEqual({ x: 100, y: 0, size: 200 });
    expect(initialSquare(200, 300)).toEqual({ x: 0, y: 50, size: 200 });
  });

  it('keeps the square inside the image when moved', () => {
    const sq = { x: 100, y: 0, size: 200 };
    expect(moveSquare(sq, -500, 0, 400, 200)).toEqual({ x: 0, y: 0, size: 200 });
    expect(moveSquare(sq, 500, 50, 400, 200)).toEqual({ x: 200, y: 0, size: 200 });
    expect(moveSquare({ x: 0, y: 0, size: 100 }, 10, 20, 400, 200)).toEqual({ x: 10, y: 20, size: 100 });
  });

  it('zooms around the centre within the limits', () => {
    expect(zoomSquare({ x: 100, y: 0, size: 200 }, 0.5, 400, 200)).toEqual({ x: 150, y: 50, size: 100 });
    expect(zoomSquare({ x: 150, y: 50, size: 100 }, 10, 400, 200).size).toBe(200);
    expect(zoomSquare({ x: 150, y: 50, size: 100 }, 0.01, 400, 200).size).toBe(32);
    expect(clampSquare({ x: 0, y: 0, size: 5 }, 20, 10)).toEqual({ x: 0, y: 0, size: 10 });
  });

  it('moves by 2 % per arrow key and 10 % with Shift, and uploads at most 512 px', () => {
    expect(keyStep(1000, 500, false)).toBe(10);
    expect(keyStep(1000, 500, true)).toBe(50);
    expect(keyStep(20, 20, false)).toBe(1);
    expect(outputSize({ x: 0, y: 0, size: 2000 })).toBe(512);
    expect(outputSize({ x: 0, y: 0, size: 120.4 })).toBe(120);
  });
});
