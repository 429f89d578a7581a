// What a shared link shows: a public page's own title and description, its
// canonical address, and the Open Graph and Twitter tags link previews read, in the <head> the
// server sends (web/src/entry-server.tsx, server/http/server-render.ts). Crawlers do not run the
// app's JavaScript: only the server's HTML counts.
import { LANGUAGES, type Language } from '#i18n/languages.ts';

/** The link-preview image (web/public/og-image.png, 1200×630, scripts/site-images.ts). */
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 };

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute: the page's one address (origin, path and the parameters the page reads). */
  canonicalUrl: string;
  /** The app's origin, for the image's absolute address. */
  origin: string;
  /** The page's language: og:locale, the others as og:locale:alternate. */
  language: Language;
  /** What the image shows, in the page's language (routes.shareImageAlt). */
  imageAlt: string;
}

/** One line of at most `max` characters, cut at a word. */
export function shortText(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The <head> tags of a shareable page (the <title> itself is set apart). */
export function shareTags({ title, description, canonicalUrl, origin, language, imageAlt }: PageMeta): string {
  const image = new URL(SHARE_IMAGE.path, origin).href;
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
  return [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttribute(canonicalUrl)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'StudyNest'),
    ...LANGUAGES.map((l) => meta('property', l.code === language ? 'og:locale' : 'og:locale:alternate', l.ogLocale)),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonicalUrl),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  ].join('\n    ');
}
