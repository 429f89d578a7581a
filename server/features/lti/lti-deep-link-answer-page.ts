// The page that carries a Deep Linking answer to the platform: a form posting the signed JWT to
// the platform's return URL, sent at once by a one-line script (allowed by its hash) and by its
// button without JavaScript. Its own Content-Security-Policy lets this one form go to that one
// origin; every other page keeps `form-action 'self'`. docs/decisions/062-lti-tool.md.
import { createHash } from 'node:crypto';
import { escapeHtml } from '#server/http/escape-html.ts';
import type { ServerTranslator } from '#server/i18n/translate.ts';

const SUBMIT = 'document.forms[0].submit();';
const SUBMIT_HASH = `'sha256-${createHash('sha256').update(SUBMIT).digest('base64')}'`;

export function deepLinkAnswerPage(translator: ServerTranslator, answer: { returnUrl: string; jwt: string; platform: string; title: string }): { html: string; csp: string } {
  const { t } = translator;
  const title = escapeHtml(t('lti.deepLink.title', { title: answer.title, platform: answer.platform }));
  const html = `<!doctype html>
<html lang="${escapeHtml(translator.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f2937;background:#f9fafb;line-height:1.5}main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem;margin:0 0 1rem}button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#1d4ed8;color:#fff}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(t('lti.deepLink.note'))}</p>
<form method="post" action="${escapeHtml(answer.returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(answer.jwt)}">
<button type="submit">${escapeHtml(t('lti.deepLink.submit', { platform: answer.platform }))}</button>
</form>
</main>
<script>${SUBMIT}</script>
</body>
</html>
`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src ${SUBMIT_HASH}; form-action ${new URL(answer.returnUrl).origin}; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
