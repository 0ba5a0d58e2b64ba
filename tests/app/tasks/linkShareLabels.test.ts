// A link-share visitor's pages do not ask for GET /labels, which a link share may not use (403 every time).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../src/state/store';
import { sessionAtom } from '../../../src/state/session';
import { labelsLoadedAtom, loadLabels } from '../../../src/state/namespaces';
import { resetSessionState } from '../helpers';

vi.mock('../../../src/api/labels', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/labels')>()),
  getAllLabels: vi.fn(async () => [{ id: 1, title: 'Errand' }]),
}));
const labelsApi = vi.mocked(await import('../../../src/api/labels'));

describe('loading labels', () => {
  afterEach(() => {
    resetSessionState();
    appStore.set(labelsLoadedAtom, false);
    labelsApi.getAllLabels.mockClear();
  });

  it('asks the server for a signed-in user', async () => {
    appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, exp: 0 } });
    expect(await loadLabels()).toHaveLength(1);
    expect(labelsApi.getAllLabels).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a link share, and counts the labels as loaded so no view asks again', async () => {
    appStore.set(sessionAtom, { kind: 'linkShare', claims: { type: 2, id: 5, exp: 0 } });
    await loadLabels();
    expect(labelsApi.getAllLabels).not.toHaveBeenCalled();
    expect(appStore.get(labelsLoadedAtom)).toBe(true);
  });
});
