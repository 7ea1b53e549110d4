import Dropdown from 'react-bootstrap/Dropdown';
import { Avatar } from './Avatar';
import { SidebarIcon } from './SidebarIcon';

/** A dropdown entry. `logout` and `myProfile` do something; every other key shows "Coming soon!". */
export interface UserMenuItem {
  key: string;
  label: string;
  icon: string;
}

export const USER_MENU_ITEMS: readonly UserMenuItem[] = [
  { key: 'myProfile', label: 'My Profile', icon: 'person' },
  { key: 'settings', label: 'Settings', icon: 'gear' },
  { key: 'help', label: 'Help', icon: 'question-circle' },
  { key: 'logout', label: 'Logout', icon: 'box-arrow-right' },
];

interface UserMenuProps {
  name: string;
  image?: string | null;
  items?: readonly UserMenuItem[];
  onSelect: (key: string) => void;
}

/** The user's name and picture with the dropdown beside them (spec part 2 section 2). */
export function UserMenu({ name, image, items = USER_MENU_ITEMS, onSelect }: UserMenuProps) {
  return (
    <Dropdown align="end" onSelect={(key) => key && onSelect(key)}>
      <Dropdown.Toggle variant="link" className="user-menu-toggle" id="user-menu" aria-label={`Account menu for ${name}`}>
        <Avatar name={name} image={image} />
        <span className="user-menu-name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {items.map((item) => (
          <Dropdown.Item key={item.key} eventKey={item.key} as="button" className="d-flex align-items-center gap-2">
            <SidebarIcon name={item.icon} />
            {item.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
