import type { TadaDocumentNode } from 'gql.tada';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from './errors';
import { readAccessToken } from '../auth/session';
import { sourceOf } from './graphql';

export const GRAPHQL_ENDPOINT = '/graphql';

export interface RequestOptions {
  /** Defaults to the stored access token; pass null to force an anonymous call. */
  token?: string | null;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message?: string; extensions?: Record<string, unknown> }[];
}

/**
 * Sends one operation to the gateway. Every call goes to the network: the spec
 * asks for network-only calls, so the browser cache is bypassed too.
 */
export async function request<Result, Variables>(
  document: TadaDocumentNode<Result, Variables>,
  variables: Variables,
  options: RequestOptions = {},
): Promise<Result> {
  const token = options.token === undefined ? readAccessToken() : options.token;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // Anonymous calls must not carry an empty Authorization header.
  if (token) headers.authorization = `Bearer ${token}`;

  const doFetch = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await doFetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers,
      cache: 'no-store',
      body: JSON.stringify({ query: sourceOf(document), variables }),
      signal: options.signal,
    });
  } catch (cause) {
    throw new ApiError(`Network error: ${String(cause)}`, FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR');
  }

  let body: GraphQLResponse<Result>;
  try {
    body = (await response.json()) as GraphQLResponse<Result>;
  } catch {
    throw new ApiError(`Unreadable response (HTTP ${response.status})`, FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE');
  }
  if (body.errors && body.errors.length > 0) throw ApiError.fromGraphQLErrors(body.errors);
  if (!response.ok || body.data == null) {
    throw new ApiError(`HTTP ${response.status} without data`, FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE');
  }
  return body.data;
}
