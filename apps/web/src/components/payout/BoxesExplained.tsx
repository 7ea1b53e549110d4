
/** The two zones around the island, drawn and explained. Same boxes for Grenada and Dominica. */
export function BoxesExplained() {
  return (
    <div className="g-4 align-items-center row">
      <div className="col-md-5">
        <svg viewBox="0 0 240 240" className="w-100 boxes-figure" role="img" aria-labelledby="boxes-svg-title">
          <title id="boxes-svg-title">Box 2 extends about 100 km around the island; box 1, inside it, about 25 km.</title>
          <rect x="10" y="10" width="220" height="220" rx="18" fill="#e7f1fa" stroke="#0b2545" strokeWidth="2" strokeDasharray="6 5" />
          <rect x="65" y="65" width="110" height="110" rx="14" fill="#cfe8da" stroke="#17704a" strokeWidth="2.5" />
          <path d="M112 100c10-6 22 2 20 14-2 9 6 15 0 22-8 8-20 2-26-6-6-9-4-24 6-30Z" fill="#0b2545" />
          <text x="120" y="36" textAnchor="middle" fontSize="14" fill="#0b2545" fontWeight="600">Box 2 · ~100 km</text>
          <text x="120" y="88" textAnchor="middle" fontSize="13" fill="#0f5234" fontWeight="600">Box 1 · ~25 km</text>
        </svg>
      </div>
      <div className="col-md-7">
        <dl className="mb-0">
          <dt>Box 1: about 25 km from the shoreline</dt>
          <dd className="text-body-secondary mb-3">
            A tropical storm or a Category 1 to 3 hurricane must pass through box 1, close to the island, to trigger a payout.
          </dd>
          <dt>Boxes 1 and 2: about 100 km from the shoreline</dt>
          <dd className="text-body-secondary mb-3">
            A Category 4 or 5 hurricane also counts when it passes through the wider box 2, because its winds reach much further.
          </dd>
          <dt>The same for both islands</dt>
          <dd className="text-body-secondary mb-0">The boxes are drawn the same way around Grenada and Dominica.</dd>
        </dl>
      </div>
    </div>
  );
}
