/** The FHP mark: a storm swirl in a shield. Decorative: the brand name is always written beside it. */
export function BrandMark({ className = 'brand-mark' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 4 6.5v8.2C4 22.4 9.1 28.3 16 30c6.9-1.7 12-7.6 12-15.3V6.5L16 2Z" fill="#17704a" />
      <path
        d="M20.5 10.2c-3.4-1.6-8 .1-8.7 3.9-.5 2.6 1.4 4.9 4 4.9 2 0 3.4-1.5 3.2-3.3M11.5 21.8c3.4 1.6 8-.1 8.7-3.9.5-2.6-1.4-4.9-4-4.9-2 0-3.4 1.5-3.2 3.3"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
