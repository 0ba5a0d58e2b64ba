// Loads the viewed list (title, colour, right, archived), sets it as the current list and records it as recently viewed.
import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import type { List } from '../../api/lists';
import * as actions from '../../actions';
import { listsByIdAtom, upsertList } from '../../state/namespaces';
import { currentListAtom } from '../../state/ui';
import { addRecentList } from '../../state/recentLists';
import { saveListView } from '../../state/listView';
import { error } from '../../app/toast';

/** Read-write needs maxRight above read (0); archived lists are read-only. */
export function canWriteList(list: Pick<List, 'maxRight' | 'isArchived'> | null | undefined): boolean {
  if (!list || list.isArchived) return false;
  return list.maxRight === null || list.maxRight > 0;
}

export function useListMeta(listId: number, routeName: string): List | null {
  const known = useAtomValue(listsByIdAtom).get(listId) ?? null;
  const [loaded, setLoaded] = useState<List | null>(null);
  const setCurrent = useSetAtom(currentListAtom);
  const list = loaded && loaded.id === listId ? { ...loaded, ...(known ? { title: known.title, hexColor: known.hexColor, isArchived: known.isArchived, isFavorite: known.isFavorite } : {}) } : known;

  useEffect(() => {
    saveListView(listId, routeName);
  }, [listId, routeName]);

  useEffect(() => {
    let live = true;
    addRecentList(listId);
    actions.lists.load(listId).then(
      (l) => {
        if (!live) return;
        setLoaded(l);
        if (l.id > 0) upsertList(l);
      },
      (err) => live && void error(err),
    );
    return () => {
      live = false;
    };
  }, [listId]);

  useEffect(() => {
    if (list) setCurrent({ id: list.id, title: list.title, maxRight: list.maxRight });
    // The fields the current list shows, not the list object, which is new after every reload of the same list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list?.id, list?.title, list?.maxRight, setCurrent]);

  return list;
}
