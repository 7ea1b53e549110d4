import type { SidebarItem } from '@fhp/domain';
import { NavLink } from 'react-router';
import { SidebarIcon } from './SidebarIcon';

interface SidebarNavProps {
  items: readonly SidebarItem[];
  /** Icons only (95 px): titles stay available to assistive technology and as tooltips. */
  contracted: boolean;
  onNavigate?: () => void;
}

/** The sidebar's entries; a group without a path (My Policies) is a heading over its children. */
export function SidebarNav({ items, contracted, onNavigate }: SidebarNavProps) {
  const renderItem = (item: SidebarItem, depth: number) => {
    if (!item.path) {
      const headingId = `sidebar-group-${item.key}`;
      return (
        <li key={item.key} className="sidebar-group">
          <span id={headingId} className="sidebar-group-title" title={contracted ? item.title : undefined}>
            <SidebarIcon name={item.icon} />
            <span className={contracted ? 'visually-hidden' : undefined}>{item.title}</span>
          </span>
          <ul className="list-unstyled mb-0" aria-labelledby={headingId}>
            {item.children.map((child) => renderItem(child, depth + 1))}
          </ul>
        </li>
      );
    }
    return (
      <li key={item.key}>
        <NavLink
          to={item.path}
          className={`sidebar-link${depth > 0 ? ' sidebar-link-child' : ''}`}
          title={contracted ? item.title : undefined}
          onClick={onNavigate}
        >
          <SidebarIcon name={item.icon} />
          <span className={contracted ? 'visually-hidden' : undefined}>{item.title}</span>
        </NavLink>
      </li>
    );
  };
  return <ul className="sidebar-nav list-unstyled mb-0">{items.map((item) => renderItem(item, 0))}</ul>;
}
