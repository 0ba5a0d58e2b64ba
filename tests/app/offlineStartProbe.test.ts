// Starting without the network: the stored API address (which answered before) is the only one asked, so an offline
// start sends no requests to other addresses (https://…, port 3456); a first start still tries every candidate.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApp } from '../../src/state/readiness';

const asked: string[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  asked.length = 0;
});

function networkDown() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      throw new TypeError('Failed to fetch');
    }),
  );
}

describe('the start without a network', () => {
  it('asks only the stored API address, which answered before', async () => {
    localStorage.setItem('API_URL', 'http://127.0.0.1:3517/api/v1');
    networkDown();
    await loadApp();
    expect(asked).toEqual(['http://127.0.0.1:3517/api/v1/info']);
  });

  it('searches the candidates on a first start, with no address stored', async () => {
    networkDown();
    await loadApp();
    expect(asked.length).toBeGreaterThan(1);
  });
});
