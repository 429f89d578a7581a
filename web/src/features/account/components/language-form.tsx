import type { FormEvent } from 'react';
import { LANGUAGES } from '#i18n/languages.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { unsavedFormNames } from '#web/features/account/components/settings-form.tsx';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The account's language: pages and emails use it. A real form to the language
 * switch (POST /language, as the footer's), so it works before the app is live and without
 * JavaScript; the server saves it on the account and draws Settings again in it. Drawing the page
 * again forgets what was typed in the other forms: with the app live, it asks first.
 */
export function LanguageForm() {
  const { t, language } = useTranslator();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const unsaved = unsavedFormNames(form);
    if (unsaved.length === 0) return;
    event.preventDefault();
    void (async () => {
      const confirmed = await confirmAction({ title: t('settings.unsavedTitle'), text: t('settings.unsavedText', { forms: unsaved.join(', ') }), confirmButtonText: t('settings.unsavedConfirm') });
      if (confirmed) form.submit();
    })();
  }

  return (
    <form method="post" action="/language" aria-labelledby="language-heading" className="card bg-base-100 shadow-sm" onSubmit={handleSubmit}>
      <NoScriptField />
      <input type="hidden" name="from" value="/dashboard/settings" />
      <div className="card-body gap-4">
        <h2 id="language-heading" className="card-title">
          {t('settings.languageHeading')}
        </h2>
        <p className="text-sm text-base-content/70">{t('settings.languageLead')}</p>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t('settings.languageLabel')}</span>
          <select name="language" className="select select-bordered w-full max-w-xs" defaultValue={language}>
            {LANGUAGES.map(({ code, name }) => (
              <option key={code} value={code} lang={code}>
                {name}
              </option>
            ))}
            <option value="">{t('settings.browserLanguage')}</option>
          </select>
        </label>
        <div>
          <button type="submit" className="btn btn-primary">
            {t('settings.save')}
          </button>
        </div>
      </div>
    </form>
  );
}
