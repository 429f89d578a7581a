// GET /api/audit-log: admins read and filter the audit log. There is no route
// that writes, edits or removes an entry: entries are only made by the actions they record.
import { auditListQuery, auditPage } from '#contract/audit-log.ts';
import { wallTimeOf } from '#contract/session-form.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { forbidden } from '#server/errors.ts';
import { searchAudit } from './audit-log.ts';

export const auditRoutes = apiRoutes(['audit log'], (r, deps, tags) => {

  r.get('/api/audit-log', {
    schema: { tags, summary: 'The audit log, newest first, filtered by action and searched by the words its entries read in (the caller\'s language), actor, target or details (admins)', querystring: auditListQuery, response: { 200: auditPage, ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const me = await requireUser(deps.callers, request);
    if (me.role !== 'admin') throw forbidden('errors.auditAdminsOnly');
    // The search reads each entry as the admin's page draws it: in the caller's language, its
    // times dd/MM/yyyy HH:mm in the admin's zone, its amounts in the installation's currency.
    const language = await request.callerLanguage();
    const zone = timeZoneOrNull(me.timeZone) ?? 'UTC';
    const words = {
      translator: createTranslator(language, CATALOGUES[language]),
      currency: deps.config.currency,
      dateTime: (instant: string) => {
        const wall = wallTimeOf(instant, zone);
        return `${wall.date} ${wall.time}`;
      },
    };
    const page = await searchAudit(deps.db.kysely, request.query, words);
    return {
      items: page.items.map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> })),
      nextCursor: page.nextCursor,
    };
  });
});
