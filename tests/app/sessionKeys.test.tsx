// The session's commands wait for the signed-in shell's first paint (the route's first rows come first), or a while at most.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';

/** Fresh modules: whether the shell has painted is kept for the page's life. */
async function load() {
  vi.resetModules();
  const [{ afterShellPaint }, { AfterFirstPaint }] = await Promise.all([import('../../src/app/sessionKeys'), import('../../src/app/AfterFirstPaint')]);
  return { afterShellPaint, AfterFirstPaint };
}

describe('afterShellPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  it('runs once the shell has painted its held-back parts, not before, and only once', async () => {
    const { afterShellPaint, AfterFirstPaint } = await load();
    const run = vi.fn();
    afterShellPaint(run);
    render(<AfterFirstPaint><p>bell</p></AfterFirstPaint>);
    expect(screen.queryByText('bell')).toBeNull();
    expect(run).not.toHaveBeenCalled();
    // The frame (painted), then the task after it.
    act(() => {
      vi.advanceTimersToNextFrame();
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByText('bell')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(5000));
    expect(run).toHaveBeenCalledTimes(1);
    // Painted already: at once.
    const later = vi.fn();
    afterShellPaint(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('runs anyway after a while where no shell paints (a link share, a hidden tab)', async () => {
    const { afterShellPaint } = await load();
    const run = vi.fn();
    afterShellPaint(run);
    vi.advanceTimersByTime(1499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
