// The last screens (src/local/screens.ts) and index.html's painter (src/local/showScreen.js, run as the build puts
// it into the inline script): what is kept and when it is not, and a screen shown over the loading page, cleaned,
// then removed the moment the app shows its own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepScreens, putScreen, readScreens, SCREENS_KEPT, takeScreen, type Screen } from '../../src/local/screens';
import { screensKey } from '../../src/local/copyNames';
import { preloadScript, showScreenScript } from '../../src/app/routePreload';
import { fakeToken } from './helpers';

const API = 'http://keyflow.test/api/v1';
const KEY = screensKey(API, 1);
const ENTRY = '/assets/core-abc.js';
const LOADING = '<main class="screen-center" aria-busy="true">Keyflow</main>';
const APP = '<div class="app"><nav>Lists</nav><main id="main"><h1>Garden</h1><div class="task-row"><input type="checkbox"> Paint the fence</div></main></div>';

/** A page as index.html makes it: the entry script, its stylesheet, and #root with `rootHtml`. */
function page(rootHtml: string): HTMLElement {
  document.head.innerHTML = `<script type="module" src="${ENTRY}"></script><link rel="stylesheet" href="/assets/core.css">`;
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  document.documentElement.removeAttribute('data-kf-screen');
  return document.getElementById('root')!;
}

function screen(over: Partial<Screen> = {}): Screen {
  return { path: '/lists/7/list', html: APP, styles: [], build: ENTRY, wide: window.innerWidth > 768, checked: [], scroll: [], at: Date.now(), ...over };
}

/** index.html's inline script, run at `path` for a signed-in user 1 on API. */
function runBootScript(path: string): void {
  window.history.replaceState(null, '', path);
  new Function(preloadScript([], []))();
}

/** The painter as index.html has it, called with an open shadow root so that the test can look inside. */
function showOpen(kept: Screen): ShadowRoot {
  const show = new Function(`${showScreenScript()}\nreturn kfShowScreen;`)() as (s: Screen, giveUpMs: number, mode: string) => boolean;
  expect(show(kept, 10_000, 'open')).toBe(true);
  return document.getElementById('kf-screen')!.shadowRoot!;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('API_URL', API);
  localStorage.setItem('token', fakeToken({ type: 1, id: 1, username: 'ada', exp: Math.floor(Date.now() / 1000) + 3600 }));
});

afterEach(() => {
  vi.useRealTimers();
  delete window.__kfCopy;
  window.history.replaceState(null, '', '/');
});

describe('taking a screen', () => {
  it('keeps the root’s markup, the stylesheets, the build and the checked boxes of the path', () => {
    window.history.replaceState(null, '', '/lists/7/list/');
    const root = page(APP);
    root.querySelector('input')!.checked = true;
    const taken = takeScreen()!;
    expect(taken).toMatchObject({ path: '/lists/7/list', html: root.innerHTML, styles: ['/assets/core.css'], build: ENTRY, checked: [0], scroll: [] });
  });

  it('takes none of the loading page, of a page with a dialog open, or of a development build without stylesheet files', () => {
    page(LOADING);
    expect(takeScreen()).toBeNull();
    page(APP);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true">Edit</div>');
    expect(takeScreen()).toBeNull();
    page(APP);
    document.head.querySelector('link')!.remove();
    expect(takeScreen()).toBeNull();
  });

  it('takes none of a page scrolled down (the app opens at the top), but keeps a box scrolled sideways', () => {
    const root = page(APP);
    const main = root.querySelector('main')!;
    Object.defineProperty(main, 'scrollLeft', { value: 240, configurable: true });
    expect(takeScreen()!.scroll).toEqual([[[0, 1], 240]]);
    Object.defineProperty(main, 'scrollTop', { value: 10, configurable: true });
    expect(takeScreen()).toBeNull();
  });

  it('keeps the latest screens of a few paths, one per path', () => {
    for (let i = 1; i <= SCREENS_KEPT + 2; i += 1) putScreen(KEY, screen({ path: `/lists/${i}/list`, at: i }));
    putScreen(KEY, screen({ path: `/lists/${SCREENS_KEPT + 1}/list`, html: 'again' }));
    const kept = readScreens(KEY);
    expect(kept.map((s) => s.path)).toEqual([`/lists/${SCREENS_KEPT + 1}/list`, `/lists/${SCREENS_KEPT + 2}/list`, `/lists/${SCREENS_KEPT}/list`].slice(0, SCREENS_KEPT));
    expect(kept[0].html).toBe('again');
  });

  it('writes the screen once the page is quiet, and at once when the page goes away', () => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/lists/7/list');
    const root = page(APP);
    const keeper = keepScreens(KEY);
    vi.advanceTimersByTime(5_000);
    expect(readScreens(KEY).map((s) => s.html)).toEqual([APP]);
    root.querySelector('h1')!.textContent = 'Garden (2)';
    keeper.flush();
    expect(readScreens(KEY)[0].html).toContain('Garden (2)');
    keeper.stop();
  });
});

describe('index.html showing the last screen', () => {
  it('shows the screen of the path over the loading page, inert and hidden from assistive technology, and removes it when the app shows its screen', async () => {
    const root = page(LOADING);
    const shadow = showOpen(screen({ checked: [0] }));
    const over = document.getElementById('kf-screen')!;
    expect(over.getAttribute('aria-hidden')).toBe('true');
    expect(over.hasAttribute('inert')).toBe(true);
    expect(over.style.visibility).toBe('visible');
    expect(shadow.querySelector('h1')!.textContent).toBe('Garden');
    expect(shadow.querySelector('input')!.checked).toBe(true);
    // Nothing in the document finds the picture's copies of the app's elements.
    expect(document.querySelector('h1')).toBeNull();
    expect(document.documentElement.hasAttribute('data-kf-screen')).toBe(true);

    // The app's own loading screen (its first render) keeps it; its first real screen replaces it.
    root.innerHTML = LOADING;
    await Promise.resolve();
    expect(document.getElementById('kf-screen')).not.toBeNull();
    root.innerHTML = APP;
    await Promise.resolve();
    expect(document.getElementById('kf-screen')).toBeNull();
    expect(document.documentElement.hasAttribute('data-kf-screen')).toBe(false);
  });

  it('is what index.html’s script shows for the path, in a closed shadow root', () => {
    page(LOADING);
    putScreen(KEY, screen());
    runBootScript('/lists/7/list/');
    const over = document.getElementById('kf-screen')!;
    expect(over.style.visibility).toBe('visible');
    expect(over.shadowRoot).toBeNull();
  });

  it('shows nothing for another path, another build or when the app was faster', () => {
    page(LOADING);
    putScreen(KEY, screen({ path: '/lists/8/list' }));
    runBootScript('/lists/7/list');
    expect(document.getElementById('kf-screen')).toBeNull();

    page(LOADING);
    putScreen(KEY, screen({ build: '/assets/core-old.js' }));
    runBootScript('/lists/7/list');
    expect(document.getElementById('kf-screen')).toBeNull();
    expect(document.documentElement.hasAttribute('data-kf-screen')).toBe(false);

    page(APP);
    putScreen(KEY, screen());
    runBootScript('/lists/7/list');
    expect(document.getElementById('kf-screen')).toBeNull();
  });

  it('shows another user’s screens to nobody: they are kept per server and user', () => {
    page(LOADING);
    putScreen(screensKey(API, 2), screen());
    runBootScript('/lists/7/list');
    expect(document.getElementById('kf-screen')).toBeNull();
  });

  it('gives up after a while when the app never shows', () => {
    vi.useFakeTimers();
    page(LOADING);
    putScreen(KEY, screen());
    runBootScript('/lists/7/list');
    expect(document.getElementById('kf-screen')).not.toBeNull();
    vi.advanceTimersByTime(10_000);
    expect(document.getElementById('kf-screen')).toBeNull();
  });

  it('carries no script, handler or script address back into the page, nor the last session’s images', () => {
    page(LOADING);
    const html =
      '<div class="task-row" onclick="window.__pwned = 1">' +
      '<a href="javascript:window.__pwned = 2">a</a><a href="/tasks/1">b</a>' +
      '<img src="blob:http://keyflow.test/1" alt="Ada"><img src="/api/v1/avatar/ada">' +
      '<script>window.__pwned = 3</script><iframe src="/x"></iframe><svg><a xlink:href="java&#9;script:alert(1)">c</a></svg></div>';
    const over = showOpen(screen({ html }));
    expect(over.querySelector('[onclick]')).toBeNull();
    expect(over.querySelector('script, iframe')).toBeNull();
    const links = [...over.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href'));
    expect(links).toEqual([null, '/tasks/1', null]);
    const images = [...over.querySelectorAll('img')];
    expect(images.map((i) => i.getAttribute('src'))).toEqual([null, '/api/v1/avatar/ada']);
    expect(images[0].getAttribute('alt')).toBe('');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
