// A lazily loaded part whose chunk cannot load (offline) is left out, and its owner told, instead of the error screen.
import { describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { ChunkBoundary } from '../../src/components/ChunkBoundary';

describe('ChunkBoundary', () => {
  it('shows the part once its code loads', async () => {
    const Part = lazy(async () => ({ default: () => <p>drag ready</p> }));
    render(
      <main>
        <p>rows</p>
        <ChunkBoundary onError={vi.fn()}>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </ChunkBoundary>
      </main>,
    );
    expect(await screen.findByText('drag ready')).toBeInTheDocument();
  });

  it('leaves the part out and tells its owner when the chunk cannot load; the rest of the screen stays', async () => {
    const onError = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Part = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <p>rows</p>
        <ChunkBoundary onError={onError}>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </ChunkBoundary>
      </main>,
    );
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(screen.getByText('rows')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
