/** The policy's life in steps, as the landing content lists them. */
export function Lifecycle({ stages }: { stages: readonly string[] }) {
  return (
    <ol className="lifecycle list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 mb-0">
      {stages.map((stage, index) => (
        <li key={stage} className="col">
          <div className="h-100 bg-white border rounded-3 p-3 d-flex gap-3 align-items-start">
            <span className="lifecycle-step" aria-hidden="true">
              {index + 1}
            </span>
            <span className="fw-semibold">
              <span className="visually-hidden">Step {index + 1}: </span>
              {stage}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
