// The page a refused launch shows inside the platform's window: what was wrong and what to do,
// in the caller's language, a whole document of its own (the app itself is not drawn for it).
import { escapeHtml } from '#server/http/escape-html.ts';
import type { ServerTranslator } from '#server/i18n/translate.ts';
import type { LaunchRefusal } from './lti-launch.ts';


/** Each refusal's words in the server catalogue. */
const REFUSAL_WORDS = {
  missingToken: 'lti.refused.missingToken',
  unknownState: 'lti.refused.unknownState',
  unsigned: 'lti.refused.unsigned',
  badSignature: 'lti.refused.badSignature',
  keysUnavailable: 'lti.refused.keysUnavailable',
  wrongIssuer: 'lti.refused.wrongIssuer',
  wrongAudience: 'lti.refused.wrongAudience',
  expired: 'lti.refused.expired',
  wrongNonce: 'lti.refused.wrongNonce',
  wrongDeployment: 'lti.refused.wrongDeployment',
  wrongMessageType: 'lti.refused.wrongMessageType',
  wrongVersion: 'lti.refused.wrongVersion',
  noSubject: 'lti.refused.noSubject',
  unknownPlatform: 'lti.refused.unknownPlatform',
  missingLoginParameters: 'lti.refused.missingLoginParameters',
  blocked: 'lti.refused.blocked',
  deepLinkingSettings: 'lti.refused.deepLinkingSettings',
  instructorsOnly: 'lti.refused.instructorsOnly',
} as const satisfies Record<LaunchRefusal, string>;

export function refusalPage(translator: ServerTranslator, reason: LaunchRefusal): string {
  const { t } = translator;
  const title = escapeHtml(t('lti.title'));
  return `<!doctype html>
<html lang="${escapeHtml(translator.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f2937;background:#f9fafb;line-height:1.5}main{max-width:36rem;margin:0 auto}h1{font-size:1.5rem;margin:0 0 1rem}p{margin:0 0 1rem}a{color:#1d4ed8}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p data-reason="${reason}">${escapeHtml(t(REFUSAL_WORDS[reason]))}</p>
<p>${escapeHtml(t('lti.advice'))}</p>
<p><a href="/">${escapeHtml(t('lti.home'))}</a></p>
</main>
</body>
</html>
`;
}
