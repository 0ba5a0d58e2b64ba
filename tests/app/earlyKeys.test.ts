// Keys pressed before the keymap is bound are handed to it afterwards, in order; keys that already acted are not.
import { afterEach, describe, expect, it } from 'vitest';
import { holdEarlyKeys } from '../../src/app/earlyKeys';
import { preloadScript } from '../../src/app/routePreload';

const press = (at: EventTarget, key: string, init: KeyboardEventInit = {}) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  at.dispatchEvent(e);
  return e;
};

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
  delete window.__kfKeys;
});

/** A signed-in user's token, as index.html's script reads it. */
const userToken = () => `x.${btoa(JSON.stringify({ type: 1, id: 5, exp: Date.now() / 1000 + 3600 })).replace(/=+$/, '')}.sig`;

describe('holdEarlyKeys', () => {
  it('replays printable keys pressed outside fields, in order, on the element they were pressed on', () => {
    document.body.innerHTML = '<button id="row">row</button><input id="box">';
    const row = document.getElementById('row')!;
    const replay = holdEarlyKeys();
    press(row, 'g');
    press(document.body, 'g');
    press(document.body, 'k', { ctrlKey: true });

    const seen: string[] = [];
    const keymap = (e: KeyboardEvent) => seen.push(`${e.ctrlKey ? 'ctrl+' : ''}${e.key}@${(e.target as HTMLElement).id || 'body'}`);
    window.addEventListener('keydown', keymap);
    replay();
    window.removeEventListener('keydown', keymap);
    expect(seen).toEqual(['g@row', 'g@body', 'ctrl+k@body']);
  });

  it('does not hold what was typed into a field, what already acted, or keys with a default action', () => {
    document.body.innerHTML = '<input id="box"><textarea id="area"></textarea>';
    const replay = holdEarlyKeys();
    press(document.getElementById('box')!, 'g');
    press(document.getElementById('area')!, 'j');
    document.body.addEventListener('keydown', (e) => e.key === 'x' && e.preventDefault(), { once: true });
    press(document.body, 'x');
    press(document.body, 'Tab');
    press(document.body, 'Enter');
    press(document.body, 'ArrowDown');
    press(document.body, 'r', { altKey: true });

    const seen: string[] = [];
    const keymap = (e: KeyboardEvent) => seen.push(e.key);
    window.addEventListener('keydown', keymap);
    replay();
    window.removeEventListener('keydown', keymap);
    expect(seen).toEqual([]);
  });

  it('stops holding once replayed, and a press whose element is gone lands on the body', () => {
    document.body.innerHTML = '<div id="gone" tabindex="0"></div>';
    const gone = document.getElementById('gone')!;
    const replay = holdEarlyKeys();
    press(gone, '?', { shiftKey: true });
    gone.remove();
    const seen: string[] = [];
    const keymap = (e: KeyboardEvent) => seen.push(`${e.shiftKey ? 'shift+' : ''}${e.key}@${e.target === document.body ? 'body' : 'other'}`);
    window.addEventListener('keydown', keymap);
    replay();
    press(document.body, 'g');
    window.removeEventListener('keydown', keymap);
    // The '?' replayed; the later 'g' reached the listener once, directly, not held again.
    expect(seen).toEqual(['shift+?@body', 'g@body']);
  });

  it('takes over the keys index.html’s script held from the navigation on, before the app’s code had loaded', () => {
    localStorage.setItem('token', userToken());
    new Function(preloadScript([]))();
    document.body.innerHTML = '<input id="box">';
    // Ctrl+K and the start of a list's name, typed while the page was still loading; a letter typed into a field is not held.
    press(document.body, 'k', { ctrlKey: true });
    press(document.getElementById('box')!, 'x');
    press(document.body, 'W', { shiftKey: true });
    const replay = holdEarlyKeys();
    expect(window.__kfKeys).toBeUndefined();
    press(document.body, 'e');

    const seen: string[] = [];
    const keymap = (e: KeyboardEvent) => seen.push(`${e.ctrlKey ? 'ctrl+' : ''}${e.key}`);
    window.addEventListener('keydown', keymap);
    replay();
    window.removeEventListener('keydown', keymap);
    expect(seen).toEqual(['ctrl+k', 'W', 'e']);
  });

  it('holds nothing before the app loads for a visitor without a session', () => {
    new Function(preloadScript([]))();
    expect(window.__kfKeys).toBeUndefined();
  });
});
