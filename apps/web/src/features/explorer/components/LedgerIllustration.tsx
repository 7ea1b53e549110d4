/**
 * The hero image (spec part 2, "Blockchain transaction detail"): three sealed entries chained one
 * to the next, the last one checked. Drawn inline so the page needs no image request.
 */
export function LedgerIllustration({ verified }: { verified: boolean | null }) {
  const blocks = [14, 92, 170];
  return (
    <svg className="explorer-hero-image" viewBox="0 0 260 120" role="img" aria-label="Entries of the proof ledger, each sealed to the one before it">
      {blocks.map((x, index) => (
        <g key={x}>
          <rect x={x} y={30} width={64} height={56} rx={10} fill="rgba(255,255,255,0.1)" stroke="#fff" strokeWidth={2.5} />
          <line x1={x + 12} y1={48} x2={x + 52} y2={48} stroke="rgba(255,255,255,0.75)" strokeWidth={3} strokeLinecap="round" />
          <line x1={x + 12} y1={60} x2={x + 40} y2={60} stroke="rgba(255,255,255,0.55)" strokeWidth={3} strokeLinecap="round" />
          <line x1={x + 12} y1={72} x2={x + 46} y2={72} stroke="rgba(255,255,255,0.55)" strokeWidth={3} strokeLinecap="round" />
          {index > 0 && (
            <path d={`M${x - 14} 58h14`} stroke="#56DCBA" strokeWidth={4} strokeLinecap="round" />
          )}
        </g>
      ))}
      {verified !== null && (
        <g transform="translate(216 14)">
          <circle cx={18} cy={18} r={18} fill={verified ? '#1e7b3c' : '#b42318'} stroke="#fff" strokeWidth={2.5} />
          {verified ? (
            <path d="M10 18.5l5.5 5.5L27 12.5" fill="none" stroke="#fff" strokeWidth={3.5} strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M12 12l12 12M24 12L12 24" fill="none" stroke="#fff" strokeWidth={3.5} strokeLinecap="round" />
          )}
        </g>
      )}
    </svg>
  );
}
