// The list settings dropdown (sidebar and top bar): contents by kind of list, each item a registry command.
import { useAtomValue } from 'jotai/react';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Dropdown, DropdownItem } from '../../components/Dropdown';
import { useSubscriptionLabels } from '../../components/SubscriptionControl';
import { configAtom } from '../../state/config';
import { useT } from '../../i18n';
import type { List } from '../../api/lists';
import { LIST_MENU_COMMANDS, listMenuItems, type ListMenuItem } from './listMenu';
import { useRunFor } from './useRunFor';

const LABELS: Record<Exclude<ListMenuItem, 'subscription'>, string> = {
  edit: 'organising.menu.edit',
  delete: 'organising.menu.delete',
  unarchive: 'organising.menu.unarchive',
  background: 'organising.menu.background',
  share: 'organising.menu.share',
  duplicate: 'organising.menu.duplicate',
  archive: 'organising.menu.archive',
};

export function ListSettingsMenu({ list, trigger }: { list: List; trigger: React.ReactNode }) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const runFor = useRunFor();
  const items = listMenuItems(list, config?.enabledBackgroundProviders);
  const sub = useSubscriptionLabels('list', list.subscription);
  return (
    <Dropdown trigger={trigger} label={t('organising.menu.listSettings', { title: list.title })}>
      {items.map((item) =>
        item === 'subscription' ? (
          sub.inherited ? (
            // Inherited from the namespace: shown, explained, but not actionable.
            <Menu.Item key={item} className="dropdown-item is-disabled" title={sub.tooltip} disabled>
              {sub.label}
              <span className="sr-only"> ({sub.tooltip})</span>
            </Menu.Item>
          ) : (
            <DropdownItem key={item} onSelect={() => runFor(LIST_MENU_COMMANDS[item], { listId: list.id })}>
              {sub.label}
            </DropdownItem>
          )
        ) : (
          <DropdownItem key={item} onSelect={() => runFor(LIST_MENU_COMMANDS[item], { listId: list.id })}>
            {t(LABELS[item])}
          </DropdownItem>
        ),
      )}
    </Dropdown>
  );
}
