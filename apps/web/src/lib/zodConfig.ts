import { config } from 'zod/v4/core';

// Imported first by main.tsx, before any schema exists: zod compiles object parsers with
// `new Function`, which the Content-Security-Policy forbids (script-src without 'unsafe-eval'; the
// browser reports each attempt as a violation). The interpreted parsers give the same answers.
config({ jitless: true });
