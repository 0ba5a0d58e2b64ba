// The user dropdown: avatar and name; settings, imprint/privacy (when configured), shortcuts, about, logout.
import { useAtomValue } from 'jotai/react';
import { displayName, userAtom } from '../state/session';
import { configAtom } from '../state/config';
import { UserAvatar } from '../components/UserAvatar';
import { useT } from '../i18n';
import { Dropdown, DropdownItem, DropdownLabel, DropdownLink, DropdownSeparator } from '../components/Dropdown';
import { useRunCommand } from './useCommand';
import { ChevronDownIcon } from './icons';

export function UserMenu() {
  const t = useT();
  const run = useRunCommand();
  const user = useAtomValue(userAtom);
  const legal = useAtomValue(configAtom)?.legal;
  if (!user) return null;
  const name = displayName(user);
  return (
    <Dropdown
      label={`${t('navigation.userMenu')}: ${name}`}
      trigger={
        <span className="user-trigger">
          {/* Its first letter when the image cannot load (offline); the name beside it says who it is. */}
          <UserAvatar user={user} size={28} decorative />
          <span className="user-name">{name}</span>
          <ChevronDownIcon />
        </span>
      }
    >
      <DropdownLabel>{t('user.auth.loggedInAs', { name })}</DropdownLabel>
      <DropdownItem onSelect={() => void run('user.settings')}>{t('user.settings.title')}</DropdownItem>
      {legal?.imprintUrl && <DropdownLink href={legal.imprintUrl}>{t('navigation.imprint')}</DropdownLink>}
      {legal?.privacyPolicyUrl && <DropdownLink href={legal.privacyPolicyUrl}>{t('navigation.privacy')}</DropdownLink>}
      <DropdownItem onSelect={() => void run('shortcuts.show')}>{t('navigation.keyboardShortcuts')}</DropdownItem>
      <DropdownItem onSelect={() => void run('app.about')}>{t('navigation.about')}</DropdownItem>
      <DropdownSeparator />
      <DropdownItem onSelect={() => void run('user.logout')}>{t('user.auth.logout')}</DropdownItem>
    </Dropdown>
  );
}
