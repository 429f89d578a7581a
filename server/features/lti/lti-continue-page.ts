// What a launch inside the platform's iframe shows: StudyNest opens in a window of its own, where
// its session cookie is first-party (a cookie set inside another site's frame is refused by
// today's browsers, and StudyNest's pages are never framed). The link carries a one-time code,
// good for two minutes. This page alone may be framed, by the platform only.
// docs/decisions/062-lti-tool.md.
import { escapeHtml } from '#server/http/escape-html.ts';
import type { ServerTranslator } from '#server/i18n/translate.ts';


export function continuePage(translator: ServerTranslator, continueUrl: string, frameAncestors: string[]): { html: string; csp: string } {
  const { t } = translator;
  const title = escapeHtml(t('lti.continue.title'));
  const html = `<!doctype html>
<html lang="${escapeHtml(translator.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f2937;background:#f9fafb;line-height:1.5}main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem;margin:0 0 1rem}a.button{display:inline-block;padding:.5rem 1rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(t('lti.continue.text'))}</p>
<p><a class="button" href="${escapeHtml(continueUrl)}" target="_blank" rel="noopener">${escapeHtml(t('lti.continue.open'))}</a></p>
</main>
</body>
</html>
`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors.join(' ')}`;
  return { html, csp };
}
