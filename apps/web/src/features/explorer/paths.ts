/** The page of an entry inside this app (the server's txnLink is the same page, absolute). */
export const explorerPath = (hash: string) => `/explorer/${encodeURIComponent(hash)}`;
