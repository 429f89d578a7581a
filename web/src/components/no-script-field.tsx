/**
 * Inside every <form method="post">: a field the browser sends only when scripts are off (the
 * parser reads <noscript> as markup only then). Refused, such a form gets its page again saying
 * why, with what was typed (server/http/refused-form-page.ts); sent with scripts on before the
 * app is live, the page stays as it is for the app to send it (docs/decisions/018).
 */
export function NoScriptField() {
  return (
    <noscript>
      <input type="hidden" name="_nojs" value="1" />
    </noscript>
  );
}
