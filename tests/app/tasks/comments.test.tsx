// Comments render Markdown like the description (sanitised), and their dates go through the app's one formatter.
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Comments } from '../../../src/views/tasks/detail/Comments';
import { renderApp } from './fixtures';
import { setLanguage } from '../../../src/i18n';
import { loadDateLocale } from '../../../src/i18n/dateLocale';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/comments', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/comments')>()),
  getComments: vi.fn(async () => [
    {
      id: 1,
      comment: 'See **this** and [the docs](https://example.com)\n\n- one\n- two <img src=x onerror="alert(1)"><script>alert(1)</script>',
      author: { id: 2, username: 'ann', name: 'Ann', email: '' },
      created: new Date(2026, 10, 25, 8, 30, 35),
      updated: new Date(2026, 10, 25, 8, 30, 35),
    },
  ]),
}));

describe('task comments', () => {
  afterAll(() => setLanguage('en', false));

  it('renders Markdown, sanitised', async () => {
    const { container } = renderApp(<Comments taskId={1} readOnly={false} />);
    expect(await screen.findByText('this')).toHaveProperty('tagName', 'STRONG');
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com');
    expect(container.querySelectorAll('.comment-text li')).toHaveLength(2);
    expect(container.querySelector('.comment-text script')).toBeNull();
    expect(container.querySelector('.comment-text img')?.getAttribute('onerror')).toBeFalsy();
    expect(container.textContent).not.toContain('**');
  });

  it('shows the time in the format of every other date, in the chosen language', async () => {
    const english = renderApp(<Comments taskId={1} readOnly={false} />);
    expect(await screen.findByText('25 Nov 2026, 08:30')).toBeInTheDocument();
    english.unmount();
    await setLanguage('fr-FR', false);
    await loadDateLocale('fr-FR');
    renderApp(<Comments taskId={1} readOnly={false} />);
    expect(await screen.findByText('25 nov. 2026, 08:30')).toBeInTheDocument();
  });
});
