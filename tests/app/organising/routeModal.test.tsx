// Modal routes open over the page they came from (or their fallback page when opened directly), which stays visible behind.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderInApp } from './render';
import { RouteModal } from '../../../src/components/RouteModal';
import { backdropFor } from '../../../src/components/BackdropView';
import { forgetPage, isModalRoute, lastPagePath, rememberPage } from '../../../src/state/backdrop';
import { saveListView } from '../../../src/state/listView';

vi.mock('../../../src/state/namespaces', async (orig) => ({
  ...(await orig<typeof import('../../../src/state/namespaces')>()),
  loadLabels: vi.fn(() => Promise.resolve([])),
}));

beforeEach(() => localStorage.clear());

describe('modal routes', () => {
  it('know which routes are modals, and remember only pages as what a modal opens over', () => {
    expect(isModalRoute('list.settings.edit')).toBe(true);
    expect(isModalRoute('namespace.create')).toBe(true);
    expect(isModalRoute('task.detail')).toBe(true);
    expect(isModalRoute('user.settings.general')).toBe(false);
    expect(isModalRoute('list.kanban')).toBe(false);
    rememberPage('list.kanban', '/lists/4/kanban');
    rememberPage('list.settings.edit', '/lists/4/settings/edit');
    expect(lastPagePath()).toBe('/lists/4/kanban');
  });

  it('show a list’s saved view behind it when the fallback is the list index', () => {
    saveListView(4, 'list.table');
    expect(backdropFor('/lists/4')?.params).toEqual({ listId: '4' });
    expect(backdropFor('/lists/4')?.View).toBe(backdropFor('/lists/4/table')?.View);
    expect(backdropFor('/user/settings/general')).toBeNull();
  });

  it('render the last page shown behind the dialog, inert', async () => {
    rememberPage('labels.index', '/labels');
    renderInApp(
      <RouteModal title="New label" fallback="/">
        <p>form</p>
      </RouteModal>,
      { path: '/labels/new', routeId: 'labels.create' },
    );
    await waitFor(() => expect(document.querySelector('.route-backdrop-view h1')?.textContent).toBe('Labels'));
    expect(document.querySelector('.route-backdrop-view')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'New label' })).toBeInTheDocument();
  });

  it('fall back to their fallback page when opened directly', async () => {
    forgetPage();
    renderInApp(
      <RouteModal title="New label" fallback="/labels">
        <p>form</p>
      </RouteModal>,
      { path: '/labels/new', routeId: 'labels.create' },
    );
    await waitFor(() => expect(document.querySelector('.route-backdrop-view h1')?.textContent).toBe('Labels'));
    expect(document.querySelector('.route-backdrop-view')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'New label' })).toBeInTheDocument();
  });
});
