import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RenderError } from './RenderError';

/** Catches what a route throws, including a chunk that failed to load twice. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  return <RenderError detail={detail} />;
}
