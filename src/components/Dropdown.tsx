// A dropdown menu (Radix) with keyboard navigation; items are buttons or links.
import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export function Dropdown({ trigger, label, children, align = 'end' }: { trigger: ReactNode; label: string; children: ReactNode; align?: 'start' | 'end' }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className="dropdown-trigger" aria-label={label}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="dropdown" align={align} sideOffset={6}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function DropdownItem({ onSelect, children, icon }: { onSelect: () => void; children: ReactNode; icon?: ReactNode }) {
  return (
    <Menu.Item className="dropdown-item" onSelect={onSelect}>
      {icon && <span className="dropdown-icon" aria-hidden="true">{icon}</span>}
      {children}
    </Menu.Item>
  );
}

export function DropdownLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Menu.Item asChild className="dropdown-item">
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    </Menu.Item>
  );
}

export function DropdownSeparator() {
  return <Menu.Separator className="dropdown-separator" />;
}

export function DropdownLabel({ children }: { children: ReactNode }) {
  return <Menu.Label className="dropdown-label">{children}</Menu.Label>;
}
