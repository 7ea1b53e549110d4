import type { ReactNode } from 'react';

/**
 * The main landmark for states that render before (or instead of) a layout: start-up loading,
 * a shell that could not start, an error above every layout. The layouts have their own
 * `<main id="main">`; content shown inside them must not add another, so RenderError and
 * LoadingScreen render none themselves and only these top-level states wrap them here.
 */
export function StandaloneMain({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex-grow-1 d-flex flex-column" tabIndex={-1}>
      {children}
    </main>
  );
}
