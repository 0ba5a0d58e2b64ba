// List cards: the background's BlurHash shows as the card image until the background itself has loaded.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { encode } from 'blurhash';
import { renderInApp } from './render';
import { ListCard } from '../../../src/components/ListCard';
import type { List } from '../../../src/api/lists';

let resolveBackground: (url: string) => void = () => undefined;
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  backgroundObjectUrl: vi.fn(() => new Promise<string>((resolve) => (resolveBackground = resolve))),
}));

// jsdom has no canvas; a minimal 2D context records what the card draws.
const drawn: Uint8ClampedArray[] = [];
function fakeCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        createImageData: (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4), width: w, height: h }),
        putImageData: (img: { data: Uint8ClampedArray }) => drawn.push(img.data),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,PLACEHOLDER');
}

const orange = new Uint8ClampedArray(Array.from({ length: 16 }, () => [240, 120, 20, 255]).flat());
const list = (over: Partial<List> = {}): List => ({
  id: 7, title: 'Garden', description: '', identifier: '', hexColor: '', namespaceId: 1, isArchived: false, isFavorite: false, position: 0, maxRight: 2,
  backgroundInformation: { type: 'upload' } as List['backgroundInformation'], backgroundBlurHash: encode(orange, 4, 4, 4, 3), ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('ListCard background', () => {
  it('shows the decoded BlurHash until the background arrives, then the background', async () => {
    fakeCanvas();
    const { container } = renderInApp(<ListCard list={list()} />);
    const card = container.querySelector('.list-card') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Garden' })).toBeInTheDocument();
    expect(card.style.backgroundImage).toContain('data:image/png;base64,PLACEHOLDER');
    expect(card).toHaveClass('is-blurhash');
    // The drawn pixels are the hash's colour.
    const px = drawn[drawn.length - 1];
    expect(Math.abs(px[0] - 240)).toBeLessThan(24);
    expect(Math.abs(px[2] - 20)).toBeLessThan(24);
    await act(async () => resolveBackground('blob:background'));
    expect(card.style.backgroundImage).toContain('blob:background');
    expect(card).not.toHaveClass('is-blurhash');
  });

  it('falls back to the plain placeholder without a usable hash', () => {
    fakeCanvas();
    const { container } = renderInApp(<ListCard list={list({ backgroundBlurHash: '' })} />);
    const card = container.querySelector('.list-card') as HTMLElement;
    expect(card).toHaveClass('is-placeholder');
    expect(card.style.backgroundImage).toBe('');
  });
});
