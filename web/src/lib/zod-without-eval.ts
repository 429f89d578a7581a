import { z } from 'zod';

// zod probes for eval (new Function) to compile faster parsers; our CSP forbids eval, and the
// refused probe is reported as a violation on every page. Imported first by main.tsx, so that
// it runs before any schema is built.
z.config({ jitless: true });
