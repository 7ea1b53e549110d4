import type { FastifyInstance } from 'fastify';
import type { AppSuite } from '../harness';

/**
 * The shapes every domain's rows share. Each domain keeps its rows in its own file of this folder
 * (`rows.ts` lists them), so one domain's new operations never touch another's table.
 */
export const CALLERS = ['anonymous', 'purchaserA', 'purchaserB', 'teller', 'admin', 'masterAdmin', 'owner'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'anonymous'>;

export const EMAILS: Record<SignedInCaller, string> = {
  purchaserA: 'purchaser@fhp.example',
  purchaserB: 'purchaser.b@fhp.example',
  teller: 'teller@fhp.example',
  admin: 'admin@fhp.example',
  masterAdmin: 'master.admin@fhp.example',
  owner: 'owner@fhp.example',
};

export type Verdict = 'allow' | 'deny';
/**
 * A verdict per caller. The master admin has the admin's abilities (the spec's table gives both the
 * same row), so a row states it only where the two differ; `verdictOf` reads it.
 */
export type Expected = Record<Exclude<Caller, 'masterAdmin'>, Verdict> & { masterAdmin?: Verdict };

export function verdictOf(expected: Expected, caller: Caller): Verdict {
  return caller === 'masterAdmin' ? (expected.masterAdmin ?? expected.admin) : expected[caller];
}

export const everyone: Expected = { anonymous: 'allow', purchaserA: 'allow', purchaserB: 'allow', teller: 'allow', admin: 'allow', owner: 'allow' };
export const signedIn: Expected = { ...everyone, anonymous: 'deny' };
export const manageUsers: Expected = { anonymous: 'deny', purchaserA: 'deny', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };
/** A record of purchaser A: A and the administrators (owner included) only. */
export const ownerOfAAndAdmins: Expected = { anonymous: 'deny', purchaserA: 'allow', purchaserB: 'deny', teller: 'deny', admin: 'allow', owner: 'allow' };

export interface GraphQLRow {
  /** The document; a function when it needs a fixture made in `setup` (read after beforeAll). */
  query: string | (() => string);
  expected: Expected;
  /**
   * Error codes an allowed caller may get from a mutation whose guard let it in but whose input or
   * state then refused it (the matrix's callers have not done KYC, for instance).
   */
  passesGuardWith?: string[];
  /** The operation answers NOT_FOUND for a record the caller may not see, so that code means denied here. */
  hidesOthers?: boolean;
  /** Extra checks on an allowed answer (e.g. nobody sees another's data). */
  check?: (data: Record<string, unknown>, caller: Caller) => void;
}

export interface RestRow {
  /** A body that passes the route's guard; public routes may get an invalid one (400 still means "let in"). */
  body: (caller: Caller) => unknown;
  expected: Expected;
  /** A raw body with its headers (multipart), instead of `body` as JSON. */
  raw?: (caller: Caller) => { payload: Buffer; headers: Record<string, string> };
  /** The URL to call when the path has parameters (read it after beforeAll). */
  url?: () => string;
  /** The route answers 404 for a record the caller may not see, so 404 means denied here. */
  hidesOthers?: boolean;
}

/** What `setup` gets: the running app and a token per signed-in caller. */
export interface MatrixContext {
  suite: AppSuite;
  app: FastifyInstance;
  tokens: Record<SignedInCaller, string>;
}

/** One domain's rows: a GraphQL row per Query/Mutation field it adds, a REST row per route ("METHOD /path"). */
export interface MatrixRows {
  /** Fixtures the rows need (a file, a policy of purchaser A, ...), made once per database. */
  setup?: (context: MatrixContext) => Promise<void>;
  graphql?: Record<string, GraphQLRow>;
  rest?: Record<string, RestRow>;
}
