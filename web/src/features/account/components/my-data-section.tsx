import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Role } from '#contract/common.ts';
import { CardSection } from '#web/components/card-section.tsx';
import { EXPORTS_PER_HOUR, type AccountDeletionPreview } from '#contract/my-data.ts';
import { getAccountDeletionPreview } from '#web/features/account/api/get-account-deletion-preview.ts';
import { useDeleteMyAccount } from '#web/features/account/api/use-delete-my-account.ts';
import { PasswordField } from '#web/features/auth/public.ts';
import { errorMessage, whileSigningOut } from '#web/lib/api-client.ts';
import { confirmAction, showErrorDialog, showSuccessDialog } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';
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
 * Deleting is a form: without the app (or before it is live) the server deletes the account and
 * sends the browser Home (server/http/page-forms.ts); with it, a confirmation is asked first.
 */
function DeleteAccountForm({ role }: { role: Role }) {
  const { t } = useTranslator();
  const deleteAccount = useDeleteMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function handleDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = fieldText(new FormData(event.currentTarget), 'password');
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
    if (!confirmed) return;
    // The account's sessions end with it: what the page refetches meanwhile is not a reason to go to /login.
    await whileSigningOut(async () => {
      let message: string;
      try {
        message = (await deleteAccount.mutateAsync({ password })).message;
      } catch (error) {
        await showErrorDialog(t('settings.deleteFailed'), errorMessage(error));
        return;
      }
      await showSuccessDialog(t('settings.deleted'), message);
      await navigate('/');
      await queryClient.resetQueries();
    });
  }

  return (
    <>
      <h3 id="delete-account-heading" className="font-semibold">
        {t('settings.deleteHeading')}
      </h3>
      <p className="text-sm text-base-content/80">
        {role === 'tutor' ? t('settings.deleteTutor') : role === 'admin' ? t('settings.deleteAdmin') : t('settings.deleteStudent')}
      </p>
      <form method="post" aria-labelledby="delete-account-heading" className="flex flex-col gap-3" onSubmit={(event) => void handleDelete(event)}>
        <NoScriptField />
        <PasswordField label={t('settings.deletePassword')} name="password" kind="current" />
        <div>
          <button type="submit" name="intent" value="delete-account" className="btn btn-error" disabled={deleteAccount.isPending}>
            {deleteAccount.isPending ? t('settings.deleting') : t('settings.deleteHeading')}
          </button>
        </div>
      </form>
    </>
  );
}
