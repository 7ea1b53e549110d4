import type { TadaDocumentNode } from 'gql.tada';
import { ApiError, FALLBACK_DISPLAY_MESSAGE } from './errors';
import { accountOf } from '../auth/jwt';
import { readAccessToken } from '../auth/session';
import { sourceOf } from './graphql';

export const GRAPHQL_ENDPOINT = '/graphql';

export interface RequestOptions {
  /** Defaults to the stored access token; pass null to force an anonymous call. */
  token?: string | null;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /**
   * Keep this answer on the device for the signed-in person, and answer from that copy when the
   * network fails (decision 116). Without a token nothing is kept or read.
   */
  keepOffline?: boolean;
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
  const source = sourceOf(document);
  // The offline copies load with the first request that wants one: anonymous pages never load them.
  const account = options.keepOffline && token ? accountOf(token) : null;
  const offline = account ? { account, module: import('../offline/answerCopies') } : null;
  const copyKey = offline ? (await offline.module).copyKeyOf(source, variables) : '';
  /** The kept answer when the server could not be reached, else the error. */
  const copyOr = async (error: ApiError): Promise<Result> => {
    const copy = offline && !options.signal?.aborted ? await (await offline.module).answerFromCopy<Result>(offline.account, copyKey) : null;
    if (copy === null) throw error;
    return copy;
  };

  let response: Response;
  try {
    response = await doFetch(GRAPHQL_ENDPOINT, {
      method: 'POST',
      headers,
      cache: 'no-store',
      body: JSON.stringify({ query: source, variables }),
      signal: options.signal,
    });
  } catch (cause) {
    return copyOr(new ApiError(`Network error: ${String(cause)}`, FALLBACK_DISPLAY_MESSAGE, 'NETWORK_ERROR'));
  }

  let body: GraphQLResponse<Result>;
  try {
    body = (await response.json()) as GraphQLResponse<Result>;
  } catch {
    // A gateway's error page (the server unreachable behind a proxy) is the network failing too.
    return copyOr(new ApiError(`Unreadable response (HTTP ${response.status})`, FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE'));
  }
  if (body.errors && body.errors.length > 0) throw ApiError.fromGraphQLErrors(body.errors);
  if (!response.ok || body.data == null) {
    throw new ApiError(`HTTP ${response.status} without data`, FALLBACK_DISPLAY_MESSAGE, 'BAD_RESPONSE');
  }
  if (offline) (await offline.module).keepAnswerCopy(offline.account, copyKey, body.data);
  return body.data;
}

/**
 * Keeps an answer the page arrived with (inlined in index.html) as if the network had just given
 * it, for the signed-in person (decision 116): offline, the same request finds it.
 */
export async function keepAnswerOffline<Result, Variables>(document: TadaDocumentNode<Result, Variables>, variables: Variables, data: Result): Promise<void> {
  const token = readAccessToken();
  const account = token ? accountOf(token) : null;
  if (!account) return;
  const { copyKeyOf, keepAnswerCopy } = await import('../offline/answerCopies');
  keepAnswerCopy(account, copyKeyOf(sourceOf(document), variables), data);
}
