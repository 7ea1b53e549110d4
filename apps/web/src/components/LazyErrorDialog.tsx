import { lazy, Suspense, useState } from 'react';
import type { ErrorDialogProps } from './ErrorDialog';

const load = () => import('./ErrorDialog');
const ErrorDialogChunk = lazy(() => load().then((module) => ({ default: module.ErrorDialog })));

/** Fetches the dialog's chunk ahead of a failure (e.g. as a request starts), so it opens at once. */
export function preloadErrorDialog(): void {
  void load().catch(() => undefined);
}

/**
 * The "Uh oh." dialog for a page whose first load should not carry the modal and its transition
 * code: nothing until it is first shown, then the dialog itself, kept mounted so it can fade out.
 */
export function LazyErrorDialog(props: ErrorDialogProps) {
  const [wanted, setWanted] = useState(props.show);
  if (props.show && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogChunk {...props} />
    </Suspense>
  );
}
