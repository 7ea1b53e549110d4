/**
 * Line icons for the signed-in shell, drawn inline (no icon font to load). Names follow Bootstrap
 * Icons, the convention of the configured sidebar items; an unknown name draws a neutral dot so a
 * configuration typo never breaks the layout.
 */
const PATHS: Record<string, string> = {
  'person-circle': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14Zm0-8.5a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5ZM3.6 12.6C4.5 10.9 6.1 10 8 10s3.5.9 4.4 2.6',
  bank: 'M1.5 6 8 2l6.5 4M2.5 6.5h11M3.5 7v5.5M6.5 7v5.5M9.5 7v5.5M12.5 7v5.5M1.5 14h13',
  'file-earmark-text': 'M9.5 1.5h-5a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1v-9l-3-3Zm0 0v3h3M5.5 8h5M5.5 10h5M5.5 12h3',
  'hourglass-split': 'M3.5 1.5h9M3.5 14.5h9M4.5 1.5c0 3 1.5 4.5 3.5 6.5-2 2-3.5 3.5-3.5 6.5M11.5 1.5c0 3-1.5 4.5-3.5 6.5 2 2 3.5 3.5 3.5 6.5M6 12.5h4',
  'shield-check': 'M8 1.5 2.5 3.5v4c0 3.4 2.3 6 5.5 7 3.2-1 5.5-3.6 5.5-7v-4L8 1.5ZM5.5 8l1.8 1.8L10.8 6.3',
  archive: 'M1.5 2.5h13v3h-13zM2.5 5.5v8h11v-8M6 8.5h4',
  list: 'M2 4h12M2 8h12M2 12h12',
  'chevron-double-left': 'M8 3 3 8l5 5M13 3 8 8l5 5',
  'chevron-double-right': 'M3 3l5 5-5 5M8 3l5 5-5 5',
  'box-arrow-right': 'M9.5 4V2.5h-7v11h7V12M6.5 8h8M11.5 5l3 3-3 3',
  person: 'M8 7.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM2.5 14.5c.6-3 2.7-4.5 5.5-4.5s4.9 1.5 5.5 4.5',
  gear: 'M8 10.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6 13 13M3 13l1.4-1.4M11.6 4.4 13 3',
  'cash-coin': 'M1.5 4.5h13v7h-13zM8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM3.5 6.5v3M12.5 6.5v3',
  'x-octagon': 'M5.2 1.5h5.6l3.7 3.7v5.6l-3.7 3.7H5.2l-3.7-3.7V5.2ZM5.8 5.8l4.4 4.4M10.2 5.8l-4.4 4.4',
  'tropical-storm': 'M8 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM10 6.5C10 3 7 1.5 3.5 1.5M6 9.5c0 3.5 3 5 6.5 5',
  people: 'M5.5 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM1 14c.4-2.6 2-4 4.5-4s4.1 1.4 4.5 4M11 7a2 2 0 1 0 0-4M12 10c1.6.3 2.6 1.6 3 4',
  'person-vcard': 'M1.5 3.5h13v9h-13zM5.5 8a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM3 11c.4-1.3 1.3-2 2.5-2s2.1.7 2.5 2M9.5 6h3.5M9.5 8.5h3.5',
  tag: 'M1.5 2.5v5l7 7 6-6-7-7h-6ZM5 5.5a.5.5 0 1 0 0-1 .5.5 0 0 0 0 1Z',
  'pie-chart': 'M8 1.5a6.5 6.5 0 1 0 6.5 6.5H8V1.5ZM10 .5v5.5h5.5A5.5 5.5 0 0 0 10 .5Z',
  'pencil-square': 'M13.5 8.5v5h-11v-11h5M11.5 1.5l3 3-6.5 6.5H5v-3l6.5-6.5Z',
  'question-circle': 'M8 15A7 7 0 1 0 8 1a7 7 0 0 0 0 14ZM6 6a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5M8 11.5v.5',
};

export function SidebarIcon({ name, className = 'shell-icon' }: { name: string; className?: string }) {
  const d = PATHS[name];
  return (
    <svg className={className} viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" focusable="false">
      {d ? (
        <path d={d} fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <circle cx="8" cy="8" r="2.5" fill="currentColor" />
      )}
    </svg>
  );
}
