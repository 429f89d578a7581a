// What crawlers and link previews read besides the pages: /robots.txt and a
// /sitemap.xml of the public pages, approved sessions and their tutors. The pages' own tags are
// drawn with them (web/src/lib/page-meta.ts); the favicon, the web app manifest and the preview
// image are files of the built web app (web/public).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
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

export async function siteRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const origin = new URL(deps.config.baseUrl).origin;
  const site = siteRepository(deps.db.kysely);

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(origin)));

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
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
      // A tutor's sessions: All Sessions searched by the tutor's name (there is no tutor page).
      ...tutors.map((t) => entry(`/all-sessions?q=${encodeURIComponent(t.name)}`, t.updatedAt as string | null)),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
}
