// The labels page when its labels cannot be loaded: no spinner left turning; offline it says a connection is needed,
// and labels this browser kept are still shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderRoute } from './render';
import { ApiError } from '../../src/api/apiError';

vi.mock('../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../src/api/labels')>()), getAllLabels: vi.fn() }));
const labelsApi = vi.mocked(await import('../../src/api/labels'));
const { appStore } = await import('../../src/state/store');
const { onlineAtom } = await import('../../src/state/readiness');
const { upsertLabel, labelsAtom } = await import('../../src/state/namespaces');
const { default: LabelsIndex } = await import('../../src/views/labels/LabelsIndex');

const noAnswer = () => new ApiError({ status: 0, message: '[GET] "/api/v1/labels": <no response> Failed to fetch' });

afterEach(() => {
  appStore.set(onlineAtom, true);
  appStore.set(labelsAtom, []);
});

describe('the labels page without its labels', () => {
  it('offline with none kept, says a connection is needed instead of loading for ever', async () => {
    appStore.set(onlineAtom, false);
    labelsApi.getAllLabels.mockRejectedValue(noAnswer());
    renderRoute(LabelsIndex, '/labels');
    expect(await screen.findByText('Needs a connection')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();
  });

  it('offline, shows the labels the browser kept', async () => {
    appStore.set(onlineAtom, false);
    upsertLabel({ id: 3, title: 'outside', description: '', hexColor: '4caf50', textColor: '#000', maxRight: 2 });
    labelsApi.getAllLabels.mockRejectedValue(noAnswer());
    renderRoute(LabelsIndex, '/labels');
    expect(await screen.findByText('outside')).toBeInTheDocument();
    expect(screen.queryByText('Needs a connection')).toBeNull();
  });

  it('online, a failed load says so', async () => {
    labelsApi.getAllLabels.mockRejectedValue(new ApiError({ status: 500, message: 'Internal', fromServer: true }));
    renderRoute(LabelsIndex, '/labels');
    expect(await screen.findByText(/Loading failed/)).toBeInTheDocument();
  });
});
