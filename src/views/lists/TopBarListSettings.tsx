// The top bar's list settings dropdown: shown only above read right and never for the favorites pseudo list.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { currentListAtom } from '../../state/ui';
import { listAtomFamily } from '../../state/namespaces';
import type { List } from '../../api/lists';
import * as actions from '../../actions';
import { ListSettingsMenu } from './ListSettingsMenu';
import { showListSettings } from './listMenu';

export default function TopBarListSettings() {
  const current = useAtomValue(currentListAtom);
  // Any list the store holds (the tree's, or one its view loaded, e.g. an archived one) is not asked for again.
  const stored = useAtomValue(listAtomFamily(current?.id ?? 0));
  const [fetched, setFetched] = useState<List | null>(null);
  const fromStore = current ? stored : undefined;

  useEffect(() => {
    // Lists the store does not hold are read once to know what the menu should offer.
    if (!current || fromStore || current.id === -1) return;
    let live = true;
    actions.lists.load(current.id).then((l) => live && setFetched(l), () => undefined);
    return () => {
      live = false;
    };
  }, [current, fromStore]);

  if (!current || !showListSettings(current)) return null;
  const list = fromStore ?? (fetched?.id === current.id ? fetched : actions.lists.placeholder(current.id, current.title));
  return (
    <ListSettingsMenu
      list={{ ...list, maxRight: current.maxRight }}
      trigger={
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 12h.01M12 12h.01M19 12h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      }
    />
  );
}
