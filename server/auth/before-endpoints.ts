// Our checks on what better-auth takes from a client, as better-auth plugins. Their "before"
// hook matches the endpoint better-auth's own router resolved (`ctx.path`), never the text of the
// URL, and runs for HTTP calls and for server-side `auth.api` calls alike
// (docs/decisions/016-guards-on-what-runs.md).
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';

/**
 * A plugin named `id` that runs `check` with the endpoint and its body before each endpoint of
 * `endpoints` (its keys); `check` refuses by throwing, and may return fields whose checked value
 * (a trimmed name) replaces what the client sent before better-auth reads the body.
 */
export function beforeEndpoints(id: string, endpoints: Record<string, unknown>, check: (path: string, body: unknown) => void | Record<string, unknown> | Promise<void | Record<string, unknown>>) {
  return {
    id,
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in endpoints,
          handler: createAuthMiddleware(async (ctx) => {
            const checked = await check(ctx.path!, ctx.body as unknown);
            if (checked && Object.keys(checked).length > 0) return { context: { body: { ...(ctx.body as Record<string, unknown>), ...checked } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
