import type { Session } from '#contract/sessions.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useCancelSession } from '#web/features/sessions/api/use-cancel-session.ts';
import { SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** The tutor (while nobody has paid) or an admin calls an approved class off, with the reason its students are emailed. */
export function CancelSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const { t } = useTranslator();
  const cancel = useCancelSession();
  return (
    <SessionDecisionDialog
      title={t('sessionDecisions.cancelTitle')}
      session={session}
      onClose={onClose}
      send={(s, fields) => cancel.mutateAsync({ id: s.id, body: { reason: fieldText(fields, 'reason') } })}
      pending={cancel.isPending}
      words={{ submit: t('sessionDecisions.cancel'), pending: t('sessionDecisions.cancelling'), success: t('sessionDecisions.cancelled') }}
      submitClassName="btn-error"
    >
      {(errors) => (
        <>
          <p className="text-sm">{t('sessionDecisions.cancelLead')}</p>
          <TextAreaField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} rows={3} error={errors.reason} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
