// The session's commands wait for the first route to be painted (its first rows come first), or a while at most.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstRoute } from '../../src/app/sessionKeys';

type State = { initialized: boolean; navigation: { state: string } };

function fakeRouter(initial: State) {
  const listeners = new Set<(s: State) => void>();
  const router = {
    state: initial,
    subscribe(fn: (s: State) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    set(next: State) {
      router.state = next;
      for (const fn of [...listeners]) fn(next);
    },
  };
  return router;
}

describe('afterFirstRoute', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  it('runs once the first navigation has settled and a frame has been painted, not before', () => {
    const router = fakeRouter({ initialized: false, navigation: { state: 'loading' } });
    const run = vi.fn();
    afterFirstRoute(router as never, run);
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    router.set({ initialized: true, navigation: { state: 'idle' } });
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs anyway after a while when no frame comes (a hidden tab) or the route never settles', () => {
    const router = fakeRouter({ initialized: false, navigation: { state: 'loading' } });
    const run = vi.fn();
    afterFirstRoute(router as never, run);
    vi.advanceTimersByTime(1499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
