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

/** What the toggle's name adds after the person's name: the phone menu is "Menu", this is theirs. */
export const USER_MENU_SUFFIX = ', your account';

/**
 * The user's name and picture with the dropdown beside them (spec part 2 section 2). The toggle's
 * name starts with what it shows, the person's name (a voice-control user says what they see); the
 * initials are decoration. On a phone the name is hidden from sight only.
 */
export function UserMenu({ name, image, items = USER_MENU_ITEMS, onSelect }: UserMenuProps) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="user-menu-toggle" id="user-menu" aria-label={`${name}${USER_MENU_SUFFIX}`}>
        <Avatar name={name} image={image} />
        <span className="user-menu-name">{name}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {items.map((item) => (
          // onClick rather than eventKey: an item with an event key is marked aria-selected, which a button may not carry.
          <Dropdown.Item key={item.key} onClick={() => onSelect(item.key)} as="button" className="d-flex align-items-center gap-2">
            <SidebarIcon name={item.icon} />
            {item.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
