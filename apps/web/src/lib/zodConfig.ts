// Imported first by main.tsx, before any schema exists: zod compiles object parsers with
// `new Function`, which the Content-Security-Policy forbids (script-src without 'unsafe-eval'; the
// browser reports each attempt as a violation). Its interpreted parsers give the same answers.
//
// zod keeps its configuration on globalThis (`__zod_globalConfig`, shared by every copy of zod in
// the page, zod/v4/core/core.js) and adopts an object already there: setting it here keeps zod out
// of the start-up bundle. Should zod stop reading it, the e2e specs, which fail on any CSP
// violation, say so.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
