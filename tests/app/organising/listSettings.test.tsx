// The list settings dropdown: shown only above read right and not for favorites; contents by kind of list.
import { describe, expect, it, beforeEach, vi } from 'vitest';
import { screen, waitFor, fireEvent } from '@testing-library/react';
import { listMenuItems, showListSettings } from '../../../src/views/lists/listMenu';
import { appStore } from '../../../src/state/store';
import { currentListAtom } from '../../../src/state/ui';
import { namespacesAtom, upsertList } from '../../../src/state/namespaces';
import { configAtom } from '../../../src/state/config';
import { normalizeNamespace } from '../../../src/api/namespaces';
import { normalizeList } from '../../../src/api/lists';
import { renderInApp } from './render';

describe('showListSettings', () => {
  it('needs a right above read', () => {
    expect(showListSettings({ id: 3, maxRight: 0 })).toBe(false);
    expect(showListSettings({ id: 3, maxRight: null })).toBe(false);
    expect(showListSettings({ id: 3, maxRight: 1 })).toBe(true);
    expect(showListSettings({ id: 3, maxRight: 2 })).toBe(true);
  });
  it('is never shown for the favorites pseudo list', () => {
    expect(showListSettings({ id: -1, maxRight: 2 })).toBe(false);
  });
});

describe('listMenuItems', () => {
  it('saved filters: edit and delete', () => {
    expect(listMenuItems({ id: -2, isArchived: false }, ['upload'])).toEqual(['edit', 'delete']);
  });
  it('archived lists: unarchive only', () => {
    expect(listMenuItems({ id: 4, isArchived: true }, ['upload'])).toEqual(['unarchive']);
  });
  it('other lists: the full menu, background only with a provider', () => {
    expect(listMenuItems({ id: 4, isArchived: false }, ['upload'])).toEqual(['edit', 'background', 'share', 'duplicate', 'archive', 'subscription', 'delete']);
    expect(listMenuItems({ id: 4, isArchived: false }, null)).toEqual(['edit', 'share', 'duplicate', 'archive', 'subscription', 'delete']);
  });
});

describe('TopBarListSettings', () => {
  beforeEach(() => {
    appStore.set(configAtom, { version: 'x', enabledBackgroundProviders: ['upload'] });
    appStore.set(namespacesAtom, [normalizeNamespace({ id: 1, title: 'Home', lists: [normalizeList({ id: 5, title: 'Groceries', namespaceId: 1 })] })]);
  });

  it('renders nothing for a read-only list', async () => {
    appStore.set(currentListAtom, { id: 5, title: 'Groceries', maxRight: 0 });
    const { default: TopBarListSettings } = await import('../../../src/views/lists/TopBarListSettings');
    renderInApp(<TopBarListSettings />);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Settings of/ })).toBeNull());
  });

  it('renders nothing for favorites even with admin right', async () => {
    appStore.set(currentListAtom, { id: -1, title: '', maxRight: 2 });
    const { default: TopBarListSettings } = await import('../../../src/views/lists/TopBarListSettings');
    renderInApp(<TopBarListSettings />);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Settings of/ })).toBeNull());
  });

  it('offers the full menu for a writable list', async () => {
    appStore.set(currentListAtom, { id: 5, title: 'Groceries', maxRight: 1 });
    const { default: TopBarListSettings } = await import('../../../src/views/lists/TopBarListSettings');
    renderInApp(<TopBarListSettings />);
    const trigger = await screen.findByRole('button', { name: 'Settings of Groceries' });
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Set background', 'Share', 'Duplicate', 'Archive', 'Subscribe', 'Delete']);
  });

  it('disables the subscription item with its explanation when inherited from the namespace', async () => {
    appStore.set(namespacesAtom, [
      normalizeNamespace({
        id: 1,
        title: 'Home',
        lists: [normalizeList({ id: 5, title: 'Groceries', namespaceId: 1, subscription: { id: 3, entity: 'namespace', entityId: 1 } })],
      }),
    ]);
    appStore.set(currentListAtom, { id: 5, title: 'Groceries', maxRight: 2 });
    const { default: TopBarListSettings } = await import('../../../src/views/lists/TopBarListSettings');
    renderInApp(<TopBarListSettings />);
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Settings of Groceries' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    const item = await screen.findByRole('menuitem', { name: /Unsubscribe/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAttribute('title', expect.stringContaining('through its namespace'));
  });

  it('reads a list outside the tree (an archived one its view loaded) from the store, without asking the server again', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    try {
      upsertList(normalizeList({ id: 9, title: 'Old plans', namespaceId: 99, isArchived: true }, 2));
      appStore.set(currentListAtom, { id: 9, title: 'Old plans', maxRight: 2 });
      const { default: TopBarListSettings } = await import('../../../src/views/lists/TopBarListSettings');
      renderInApp(<TopBarListSettings />);
      fireEvent.pointerDown(await screen.findByRole('button', { name: 'Settings of Old plans' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
      expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Un-archive']);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
