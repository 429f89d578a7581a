import { config } from 'zod/v4/core';

// zod probes for eval (new Function) to compile faster parsers; our CSP forbids eval, and the
// refused probe is reported as a violation on every page. Imported by boot.ts, the page's entry,
// so that it runs before any chunk that builds a schema (the core config is shared by every
// zod import); the server renderer imports it first too.
config({ jitless: true });
