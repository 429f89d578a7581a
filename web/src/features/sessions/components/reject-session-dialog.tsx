import type { Session } from '#contract/sessions.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useRejectSession } from '#web/features/sessions/api/use-reject-session.ts';
import { SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** Admin: reject a pending session with a reason and feedback (both required) that the tutor sees. */
export function RejectSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  const { t } = useTranslator();
  const reject = useRejectSession();
  return (
    <SessionDecisionDialog
      title={t('sessionDecisions.rejectTitle')}
      session={session}
      onClose={onClose}
      send={(s, fields) => reject.mutateAsync({ id: s.id, body: { reason: fieldText(fields, 'reason'), feedback: fieldText(fields, 'feedback') } })}
      pending={reject.isPending}
      words={{ submit: t('sessionDecisions.reject'), pending: t('sessionDecisions.rejecting'), success: t('sessionDecisions.rejected') }}
      submitClassName="btn-error"
    >
      {(errors) => (
        <>
          <TextField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} error={errors.reason} />
          <TextAreaField label={t('sessionDecisions.feedback')} name="feedback" required maxLength={2000} rows={4} error={errors.feedback} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
