/** A sad face for failures. The dialog title says what happened, so the icon stays decorative. */
export function SadIcon({ className = 'dialog-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill="#fdecea" stroke="#b42318" strokeWidth="3" />
      <circle cx="22.5" cy="26" r="3.5" fill="#b42318" />
      <circle cx="41.5" cy="26" r="3.5" fill="#b42318" />
      <path d="M21 46c5.5-6.5 16.5-6.5 22 0" fill="none" stroke="#b42318" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/** A happy face for success dialogs. */
export function HappyIcon({ className = 'dialog-icon' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill="#e6f4ec" stroke="#1e7b3c" strokeWidth="3" />
      <circle cx="22.5" cy="26" r="3.5" fill="#1e7b3c" />
      <circle cx="41.5" cy="26" r="3.5" fill="#1e7b3c" />
      <path d="M21 40c5.5 6.5 16.5 6.5 22 0" fill="none" stroke="#1e7b3c" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}
