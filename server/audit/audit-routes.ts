// GET /api/audit-log: admins read and filter the audit log. There is no route
// that writes, edits or removes an entry: entries are only made by the actions they record.
import { auditListQuery, auditPage } from '#contract/audit-log.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { forbidden } from '#server/errors.ts';
import { searchAudit } from './audit-log.ts';

export const auditRoutes = apiRoutes(['audit log'], (r, deps, tags) => {

  r.get('/api/audit-log', {
    schema: { tags, summary: 'The audit log, newest first, filtered by action and searched by actor, target or details (admins)', querystring: auditListQuery, response: { 200: auditPage, ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const me = await requireUser(deps.auth, request);
    if (me.role !== 'admin') throw forbidden('errors.auditAdminsOnly');
    const page = await searchAudit(deps.db.kysely, request.query);
    return {
      items: page.items.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> })),
      nextCursor: page.nextCursor,
    };
  });
});
