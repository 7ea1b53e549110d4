const MOODS = {
  sad: { fill: '#fdecea', ink: '#b42318', mouth: 'M21 46c5.5-6.5 16.5-6.5 22 0' },
  happy: { fill: '#e6f4ec', ink: '#1e7b3c', mouth: 'M21 40c5.5 6.5 16.5 6.5 22 0' },
} as const;

/** A face for status dialogs. The dialog title says what happened, so the icon stays decorative. */
function FaceIcon({ mood, className }: { mood: keyof typeof MOODS; className: string }) {
  const { fill, ink, mouth } = MOODS[mood];
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill={fill} stroke={ink} strokeWidth="3" />
      <circle cx="22.5" cy="26" r="3.5" fill={ink} />
      <circle cx="41.5" cy="26" r="3.5" fill={ink} />
      <path d={mouth} fill="none" stroke={ink} strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/** A sad face for failures ("Uh oh."). */
export function SadIcon({ className = 'dialog-icon' }: { className?: string }) {
  return <FaceIcon mood="sad" className={className} />;
}

/** A happy face for success dialogs ("Woo hoo!"). */
export function HappyIcon({ className = 'dialog-icon' }: { className?: string }) {
  return <FaceIcon mood="happy" className={className} />;
}
