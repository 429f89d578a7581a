// What crawlers and link previews read besides the pages: /robots.txt and a
// /sitemap.xml of the public pages, approved sessions and their tutors. The pages' own tags are
// drawn with them (web/src/lib/page-meta.ts); the favicon, the web app manifest and the preview
// image are files of the built web app (web/public). Both carry an ETag of their text (and the
// sitemap the time of its newest entry as Last-Modified) and answer 304 to a crawler's copy that
// is still current (decision 055).
import type { FastifyInstance } from 'fastify';
import { sendWithValidators } from '#server/http/conditional.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { SITEMAP_MAX_URLS, siteRepository } from './site-repository.ts';

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // Personal pages (each redirects a crawler to the login) and the API.
    'Disallow: /dashboard',
    'Disallow: /payment/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function siteRoutes(app: FastifyInstance, deps: CoreDeps): Promise<void> {
  const origin = new URL(deps.config.baseUrl).origin;
  const site = siteRepository(deps.db.kysely);

  const robots = robotsTxt(origin);
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) =>
    sendWithValidators(request, reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400'), robots));

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const sessions = await site.approvedSessions(SITEMAP_MAX_URLS - 2);
    const tutors = await site.tutorsWithApprovedSessions(SITEMAP_MAX_URLS - 2 - sessions.length);
    const entry = (path: string, lastmod?: string | null) =>
      `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${escapeXml(new Date(lastmod).toISOString())}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      entry('/', sessions[0]?.updatedAt),
      entry('/all-sessions', sessions[0]?.updatedAt),
      ...sessions.map((s) => entry(`/session/${encodeURIComponent(s.id)}`, s.updatedAt)),
      // A tutor's page (web/src/features/sessions/pages/tutor-profile-page.tsx).
      ...tutors.map((t) => entry(`/tutors/${encodeURIComponent(t.id)}`, t.updatedAt as string | null)),
      '</urlset>',
      '',
    ].join('\n');
    const newest = [sessions[0]?.updatedAt, ...tutors.map((t) => t.updatedAt as string | null)].filter((d): d is string => !!d).sort().at(-1);
    return sendWithValidators(request, reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600'), xml, newest ? new Date(newest) : undefined);
  });
}
