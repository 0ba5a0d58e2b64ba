// Keys typed between the key that opens the palette and its field taking the focus become the palette's query,
// instead of reaching the page as hotkeys.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchEarlyKeys, takeEarlyKeys } from '../../../src/app/palette/paletteFocus';

const press = (at: EventTarget, key: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  at.dispatchEvent(e);
  return e;
};

afterEach(() => {
  takeEarlyKeys();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('palette type-ahead', () => {
  it('keeps the characters typed before the field has the focus from the page, Backspace included', () => {
    const page = vi.fn();
    window.addEventListener('keydown', page);
    catchEarlyKeys();
    for (const key of ['m', 'o', 'x', 'Backspace', 'v', 'e']) expect(press(document.body, key).defaultPrevented).toBe(true);
    // A shortcut is not text: it goes on to the page.
    expect(press(document.body, 'k', { ctrlKey: true }).defaultPrevented).toBe(false);
    window.removeEventListener('keydown', page);
    expect(page.mock.calls.map(([e]) => (e as KeyboardEvent).key)).toEqual(['k']);
    expect(takeEarlyKeys()).toBe('move');
    // Taken once: the catching has stopped.
    expect(press(document.body, 'j').defaultPrevented).toBe(false);
    expect(takeEarlyKeys()).toBe('');
  });

  it('stops as soon as a key reaches the palette itself, and drops what it kept if the palette never takes the focus', () => {
    document.body.innerHTML = '<div class="palette"><input id="field"></div>';
    catchEarlyKeys();
    press(document.body, 'a');
    expect(press(document.getElementById('field')!, 'b').defaultPrevented).toBe(false);
    expect(press(document.body, 'c').defaultPrevented).toBe(false);

    vi.useFakeTimers();
    catchEarlyKeys();
    press(document.body, 'z');
    vi.advanceTimersByTime(3000);
    expect(press(document.body, 'y').defaultPrevented).toBe(false);
    expect(takeEarlyKeys()).toBe('');
  });
});
