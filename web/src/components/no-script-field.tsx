import { NO_SCRIPT_FIELD } from '#web/lib/page-data.ts';

/**
 * Inside every <form method="post">: a field the browser sends only when scripts are off (the
 * parser reads <noscript> as markup only then), so that a form sent without JavaScript can be told
 * from one sent before the app was live. Every form's action answers both the same way (a refusal
 * is the page again saying why, with what was typed: docs/decisions/041-pages-loaders-actions.md)
 * and leaves the field out of what it reads (lib/page-data.ts formText).
 */
export function NoScriptField() {
  return (
    <noscript>
      <input type="hidden" name={NO_SCRIPT_FIELD} value="1" />
    </noscript>
  );
}
