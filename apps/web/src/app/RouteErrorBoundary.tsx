import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RenderError } from './RenderError';
import { StandaloneMain } from './StandaloneMain';

function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return <RenderError detail={detail} />;
}

/**
 * Catches what a page throws, including a chunk that failed to load twice. Inside a layout:
 * the layout's `<main>` is around it, so it adds none.
 */
export function RouteErrorBoundary() {
  return <RouteError />;
}

/** The same, above every layout (the root gate itself failed): nothing else gives it a `<main>`. */
export function RootErrorBoundary() {
  return (
    <StandaloneMain>
      <RouteError />
    </StandaloneMain>
  );
}
