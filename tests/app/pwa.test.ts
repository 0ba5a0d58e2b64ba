// Service worker updates: a new worker is offered only when it would replace one, and the offer activates it.
import { describe, expect, it, vi } from 'vitest';
import { renderHook, act } from '@testing-library/react';

/** A registration and container shaped like the browser's, driven by the test. */
function fakeWorkers(opts: { controlled: boolean; waiting?: boolean }) {
  const worker = (state: string) => Object.assign(new EventTarget(), { state, postMessage: vi.fn() });
  const registration = Object.assign(new EventTarget(), {
    waiting: opts.waiting ? worker('installed') : null,
    installing: null as ReturnType<typeof worker> | null,
  });
  const container = Object.assign(new EventTarget(), {
    controller: opts.controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  /** The browser finds a new worker and installs it. */
  const install = () => {
    const w = worker('installing');
    registration.installing = w;
    registration.dispatchEvent(new Event('updatefound'));
    w.state = 'installed';
    w.dispatchEvent(new Event('statechange'));
    return w;
  };
  return { registration, container: container as unknown as ServiceWorkerContainer & { register: typeof container.register }, install };
}

async function freshModule() {
  vi.resetModules();
  return import('../../src/app/pwa');
}

describe('service worker updates', () => {
  it('registers the generated worker at the app root', async () => {
    const pwa = await freshModule();
    const { container } = fakeWorkers({ controlled: false });
    await pwa.registerWorker(container);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('does not offer the first install: there is no older version to replace', async () => {
    const pwa = await freshModule();
    const { container, install } = fakeWorkers({ controlled: false });
    const { result } = renderHook(() => pwa.usePwaUpdate());
    await act(() => pwa.registerWorker(container));
    act(() => void install());
    expect(result.current.needRefresh).toBe(false);
  });

  it('offers a newer worker that installs while an older one controls the page, and announces it', async () => {
    const pwa = await freshModule();
    const { container, install } = fakeWorkers({ controlled: true });
    const announced = vi.fn();
    window.addEventListener(pwa.SW_UPDATE_EVENT, announced);
    const { result } = renderHook(() => pwa.usePwaUpdate());
    await act(() => pwa.registerWorker(container));
    expect(result.current.needRefresh).toBe(false);
    act(() => void install());
    expect(result.current.needRefresh).toBe(true);
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(pwa.SW_UPDATE_EVENT, announced);
  });

  it('offers a worker that was already waiting when the page loaded', async () => {
    const pwa = await freshModule();
    const { container } = fakeWorkers({ controlled: true, waiting: true });
    const { result } = renderHook(() => pwa.usePwaUpdate());
    await act(() => pwa.registerWorker(container));
    expect(result.current.needRefresh).toBe(true);
  });

  it('activating tells the waiting worker to take over and reloads once it controls the page', async () => {
    const pwa = await freshModule();
    const { container, install } = fakeWorkers({ controlled: true });
    await pwa.registerWorker(container);
    const worker = install();
    const reload = vi.fn();
    await pwa.applyUpdate(container, reload);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('activating without a waiting worker does nothing', async () => {
    const pwa = await freshModule();
    const { container } = fakeWorkers({ controlled: true });
    const reload = vi.fn();
    await pwa.applyUpdate(container, reload);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('registers the worker only a while after the page has loaded, not during the first screen', async () => {
    vi.stubEnv('PROD', true);
    vi.useFakeTimers();
    try {
      const pwa = await freshModule();
      const { container } = fakeWorkers({ controlled: false });
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
      pwa.startPwa();
      vi.advanceTimersByTime(2_900);
      expect(container.register).not.toHaveBeenCalled();
      vi.advanceTimersByTime(100);
      expect(container.register).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllEnvs();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
