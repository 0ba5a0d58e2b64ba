// Which list settings the menus offer: the top bar's visibility rule and the contents by kind of list.
import { FAVORITES_LIST_ID, isSavedFilterList } from '../../model/lists';
import type { CommandId } from '../../../commands/ids';

export type ListMenuItem = 'edit' | 'delete' | 'unarchive' | 'background' | 'share' | 'duplicate' | 'archive' | 'subscription';

/** The top bar shows the settings dropdown only above read right, and never for the favorites pseudo list. */
export function showListSettings(list: { id: number; maxRight: number | null } | null): boolean {
  if (!list || list.id === FAVORITES_LIST_ID) return false;
  return list.maxRight !== null && list.maxRight > 0;
}

/** Saved filter: edit, delete. Archived list: unarchive. Otherwise the full menu, background only with a provider. */
export function listMenuItems(list: { id: number; isArchived: boolean }, backgroundProviders: readonly string[] | null | undefined): ListMenuItem[] {
  if (isSavedFilterList(list.id)) return ['edit', 'delete'];
  if (list.isArchived) return ['unarchive'];
  const items: ListMenuItem[] = ['edit'];
  if ((backgroundProviders ?? []).length > 0) items.push('background');
  items.push('share', 'duplicate', 'archive', 'subscription', 'delete');
  return items;
}

/** The registry command behind each item. */
export const LIST_MENU_COMMANDS: Record<ListMenuItem, CommandId> = {
  edit: 'list.edit',
  delete: 'list.delete',
  unarchive: 'list.archive',
  background: 'list.background',
  share: 'list.share',
  duplicate: 'list.duplicate',
  archive: 'list.archive',
  subscription: 'list.toggleSubscription',
};
