// The contract schemas the app needs at start (web/src/boot.ts evaluates them in a task of their
// own, before the app: building zod schemas is a good part of the app's start-up work).
import '#contract/users.ts';
import '#contract/sessions.ts';
