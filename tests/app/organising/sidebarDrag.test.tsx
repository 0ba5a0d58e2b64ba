// The sidebar drag rule: positions between neighbours, moves across namespaces, nothing in pseudo namespaces.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { computeListDrop } from '../../../src/views/namespaces/listDrop';
import { normalizeNamespace } from '../../../src/api/namespaces';
import { normalizeList } from '../../../src/api/lists';
import { appStore } from '../../../src/state/store';
import { namespacesAtom } from '../../../src/state/namespaces';
import { renderInApp } from './render';

vi.mock('../../../src/api/namespaces', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/namespaces')>()),
  getAllNamespaces: vi.fn(async () => appStore.get((await import('../../../src/state/namespaces')).namespacesAtom)),
}));

const l = (id: number, namespaceId: number, position: number, extra = {}) => normalizeList({ id, namespaceId, position, title: `List ${id}`, ...extra });
const tree = () => [
  normalizeNamespace({ id: -1, title: 'Shared Lists', lists: [l(9, -1, 100)] }),
  normalizeNamespace({ id: 1, title: 'Home', lists: [l(1, 1, 100), l(2, 1, 200), l(3, 1, 300)] }),
  normalizeNamespace({ id: 2, title: 'Work', lists: [l(4, 2, 1000)] }),
  normalizeNamespace({ id: 3, title: 'Empty', lists: [] }),
];

describe('computeListDrop', () => {
  it('moves a list down between its new neighbours (midpoint)', () => {
    const drop = computeListDrop(tree(), { namespaceId: 1, listId: 1 }, { namespaceId: 1, listId: 2 });
    // Order becomes 2, 1, 3 → between 200 and 300.
    expect(drop).toMatchObject({ namespaceId: 1, position: 250 });
    expect(drop?.list.id).toBe(1);
  });
  it('moves a list to the end: previous plus 65536', () => {
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 1 }, { namespaceId: 1, listId: 3 })?.position).toBe(300 + 65536);
  });
  it('moves a list to the top: half of the next', () => {
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 3 }, { namespaceId: 1, listId: 1 })?.position).toBe(50);
  });
  it('moves into another namespace before the list it was dropped on', () => {
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 2 }, { namespaceId: 2, listId: 4 })).toMatchObject({ namespaceId: 2, position: 500 });
  });
  it('moves into an empty namespace at 0', () => {
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 2 }, { namespaceId: 3 })).toMatchObject({ namespaceId: 3, position: 0 });
  });
  it('appends when dropped on a namespace with lists', () => {
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 2 }, { namespaceId: 2 })).toMatchObject({ namespaceId: 2, position: 1000 + 65536 });
  });
  it('refuses pseudo namespaces as source or target, and no-op drops', () => {
    expect(computeListDrop(tree(), { namespaceId: -1, listId: 9 }, { namespaceId: 1, listId: 1 })).toBeNull();
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 1 }, { namespaceId: -1, listId: 9 })).toBeNull();
    expect(computeListDrop(tree(), { namespaceId: 1, listId: 1 }, { namespaceId: 1, listId: 1 })).toBeNull();
  });
});

describe('NamespaceTree', () => {
  beforeEach(() => appStore.set(namespacesAtom, tree()));

  it('offers drag handles and menus only in real namespaces', async () => {
    const { default: NamespaceTree } = await import('../../../src/views/namespaces/NamespaceTree');
    renderInApp(<NamespaceTree />);
    const shared = await screen.findByRole('region', { name: 'Shared lists' });
    expect(within(shared).queryByRole('button', { name: /Move list/ })).toBeNull();
    expect(within(shared).queryByRole('button', { name: /Settings of namespace/ })).toBeNull();
    const home = screen.getByRole('region', { name: 'Home' });
    expect(within(home).getAllByRole('button', { name: /Move list/ })).toHaveLength(3);
    expect(within(home).getByRole('button', { name: 'Settings of namespace Home' })).toBeInTheDocument();
    expect(within(home).getByText('3')).toBeInTheDocument();
  });

  it('collapses a namespace and remembers it', async () => {
    const { default: NamespaceTree } = await import('../../../src/views/namespaces/NamespaceTree');
    renderInApp(<NamespaceTree />);
    const home = await screen.findByRole('region', { name: 'Home' });
    const toggle = within(home).getByRole('button', { expanded: true });
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(within(home).queryByText('List 1')).toBeNull();
    expect(JSON.parse(localStorage.getItem('namespacesCollapsed') ?? '{}')).toMatchObject({ 1: true });
  });
});
