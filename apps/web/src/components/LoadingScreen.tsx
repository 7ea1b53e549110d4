/** Full-area loading state; the text is announced to screen readers as a status. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading-screen d-flex flex-column align-items-center justify-content-center gap-3 py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="text-body-secondary">{label}</span>
    </div>
  );
}
