// Which scope each route asks of an API key, by the route the router matched (its method and
// template, never the raw URL). A route absent here refuses every key: a key reaches only what is
// listed, and each route still checks its caller's role and ownership as for a cookie
// (docs/decisions/056-api-keys.md).
import type { ApiKeyScope } from '#contract/api-keys.ts';

const ROUTE_SCOPES: Record<string, ApiKeyScope> = {
  'GET /api/sessions': 'sessions:read',
  'GET /api/approved-sessions': 'sessions:read',
  'GET /api/session/:id': 'sessions:read',
  'GET /api/tutors': 'sessions:read',
  'GET /api/tutors/:id': 'sessions:read',
  'GET /api/view-sessions/:email': 'sessions:read',
  'GET /api/session/:email/:id': 'sessions:read',
  'POST /api/create-session/:email': 'sessions:write',
  'PUT /api/session/:email/:id': 'sessions:write',
  'DELETE /api/session/:email/:id': 'sessions:write',
  'POST /api/sessions/:id/resubmit': 'sessions:write',
  'POST /api/sessions/:id/cancel': 'sessions:write',
  'GET /api/sessions/:id/roster': 'bookings:read',
  'GET /api/sessions/:id/roster.csv': 'bookings:read',
  'GET /api/admin/sessions': 'admin',
  'POST /api/sessions/:id/approve': 'admin',
  'POST /api/sessions/:id/reject': 'admin',
  'GET /api/users': 'admin',
  'GET /api/audit-log': 'admin',
};

/** The scope a key needs for the matched route, or null: no key may call it. */
export function scopeOfRoute(method: string, url: string | undefined): ApiKeyScope | null {
  if (!url) return null;
  return ROUTE_SCOPES[`${method === 'HEAD' ? 'GET' : method} ${url}`] ?? null;
}

/** Every route a key may call, for the OpenAPI document's `bearerAuth` and the tests. */
export const KEY_ROUTES: ReadonlyArray<{ method: string; url: string; scope: ApiKeyScope }> = Object.entries(ROUTE_SCOPES).map(([route, scope]) => {
  const [method, url] = route.split(' ') as [string, string];
  return { method, url, scope };
});
