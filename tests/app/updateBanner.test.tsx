// The update banner: hidden until a new worker waits, then a reload button that activates it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const pwa = vi.hoisted(() => ({ needRefresh: false, update: vi.fn(async () => {}) }));
vi.mock('../../src/app/pwa', () => ({ usePwaUpdate: () => ({ needRefresh: pwa.needRefresh, update: pwa.update }) }));

const { UpdateBanner } = await import('../../src/app/UpdateBanner');

describe('update banner', () => {
  beforeEach(() => {
    pwa.needRefresh = false;
    pwa.update.mockClear();
  });

  it('shows nothing while no new worker waits', () => {
    const { container } = render(<UpdateBanner />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers a reload when a new worker waits, and clicking it activates the worker', async () => {
    pwa.needRefresh = true;
    const user = userEvent.setup();
    render(<UpdateBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Keyflow is available.');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwa.update).toHaveBeenCalledTimes(1);
  });
});
