// The signed-in shell on a route's first render: loaded with the route's code, it renders at once rather than through
// a Suspense fallback (whose reveal React would hold back by up to 300 ms, and the route's rows with it).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout, loadSignedInLayout } from '../../src/app/AppLayout';
import { appStore } from '../../src/state/store';
import { sessionAtom } from '../../src/state/session';
import { ensureAppMessages } from '../../src/i18n';
import { resetSessionState } from './helpers';
import { renderRoute } from './render';

beforeEach(() => {
  localStorage.clear();
  resetSessionState();
  // Whatever the shell's parts ask the API for stays unanswered: only the first render is looked at.
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
  appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp: Date.now() / 1000 + 3600 } });
});

describe('the signed-in shell', () => {
  it('renders in the first commit once its code was loaded with the route', async () => {
    await Promise.all([loadSignedInLayout(), ensureAppMessages()]);
    const { container } = renderRoute(AppLayout, '/');
    // Synchronously after the first render: no loading screen in between.
    expect(container.querySelector('.app-shell')).not.toBeNull();
    expect(container.querySelector('main[aria-busy="true"]')).toBeNull();
  });
});
