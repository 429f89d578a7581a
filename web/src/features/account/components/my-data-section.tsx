import type { FormEvent } from 'react';
import { Form, useSearchParams, useSubmit } from 'react-router';
import type { Role } from '#contract/common.ts';
import { CardSection } from '#web/components/card-section.tsx';
import { EXPORTS_PER_HOUR, type AccountDeletionPreview } from '#contract/my-data.ts';
import { getAccountDeletionPreview } from '#web/features/account/api/get-account-deletion-preview.ts';
import { useFieldErrors, useSending } from '#web/features/account/components/settings-form.tsx';
import { PasswordField } from '#web/features/auth/public.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmAction, showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * "My data": download everything StudyNest holds about me (plain links to a ZIP with
 * the JSON and my files, or the JSON alone: they work before the app is live too), and delete my
 * account with my password. The ZIP link is not a `download` link: a large archive answers with a
 * redirect back here (?export=emailed), which the browser must follow as a page.
 */
export function MyDataSection({ role }: { role: Role }) {
  const { t } = useTranslator();
  // The server sends the browser back here when the archive is too large to build at once, or
  // when the link was followed more often than an hour allows (then with the minutes to wait).
  const [params] = useSearchParams();
  const emailed = params.get('export') === 'emailed';
  const tooOftenMinutes = params.get('export') === 'too-often' ? waitMinutes(params.get('minutes')) : null;
  return (
    <CardSection id="my-data" title={t('settings.myDataHeading')} headingId="my-data-heading">
      {() => (
        <>
          <p>{role === 'tutor' ? t('settings.myDataLeadTutor') : t('settings.myDataLeadStudent')}</p>
          <div className="flex flex-wrap items-center gap-3">
            <a href="/api/me/data.zip" className="btn btn-outline">
              {t('settings.myDataDownload')}
            </a>
            <a href="/api/me/data" download className="link">
              {t('settings.myDataJson')}
            </a>
          </div>
          {emailed && (
            <p role="status" className="alert alert-info">
              {t('settings.myDataEmailed')}
            </p>
          )}
          {tooOftenMinutes !== null && (
            <p role="alert" className="alert alert-warning">
              {t('settings.myDataTooOften', { count: EXPORTS_PER_HOUR, minutes: tooOftenMinutes })}
            </p>
          )}
          <DeleteAccountForm role={role} />
        </>
      )}
    </CardSection>
  );
}

/** The minutes to wait from the page's address: a whole number from 1 to 60, else 60. */
function waitMinutes(text: string | null): number {
  const minutes = Number(text);
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= 60 ? minutes : 60;
}

/**
 * Deleting is a form: the password, sent to the page's route action, which deletes the account and
 * sends the browser Home, signed out. With the app live a confirmation, with what the deletion
 * would do to the bookings, is asked first; without it, the button deletes.
 */
function DeleteAccountForm({ role }: { role: Role }) {
  const { t } = useTranslator();
  const submit = useSubmit();
  const sending = useSending('delete-account');
  const errors = useFieldErrors('delete-account');

  function handleDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    fields.set('intent', 'delete-account');
    void (async () => {
      // The confirmation says what will and will not be refunded, as the server counts it now.
      let preview: AccountDeletionPreview;
      try {
        preview = await getAccountDeletionPreview();
      } catch (error) {
        await showErrorDialog(t('settings.deletePreviewFailed'), errorMessage(error));
        return;
      }
      const text = [
        t('settings.deleteConfirmText'),
        preview.cancelledBookings > 0 ? t('settings.deleteConfirmCancelled', { count: preview.cancelledBookings }) : '',
        preview.refundedBookings > 0 ? t('settings.deleteConfirmRefunded', { count: preview.refundedBookings }) : '',
        preview.notRefundedBookings > 0 ? t('settings.deleteConfirmNotRefunded', { count: preview.notRefundedBookings }) : '',
      ].filter(Boolean).join(' ');
      const confirmed = await confirmAction({ title: t('settings.deleteConfirmTitle'), text, confirmButtonText: t('settings.deleteConfirm') });
      if (confirmed) await submit(fields, { method: 'post' });
    })();
  }

  return (
    <>
      <h3 id="delete-account-heading" className="font-semibold">
        {t('settings.deleteHeading')}
      </h3>
      <p className="text-sm text-base-content/80">
        {role === 'tutor' ? t('settings.deleteTutor') : role === 'admin' ? t('settings.deleteAdmin') : t('settings.deleteStudent')}
      </p>
      <Form method="post" aria-labelledby="delete-account-heading" className="flex flex-col gap-3" onSubmit={handleDelete}>
        <NoScriptField />
        <RefusalMessage title={t('settings.deleteFailed')} intent="delete-account" />
        <PasswordField label={t('settings.deletePassword')} name="password" kind="current" error={errors.password} />
        <div>
          <button type="submit" name="intent" value="delete-account" className="btn btn-error" disabled={sending}>
            {sending ? t('settings.deleting') : t('settings.deleteHeading')}
          </button>
        </div>
      </Form>
    </>
  );
}
