import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { type DecisionDialogProps, SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** Admin: reject a pending session with a reason and feedback (both required) that the tutor sees. */
export function RejectSessionDialog(props: DecisionDialogProps) {
  const { t } = useTranslator();
  const words = { title: t('sessionDecisions.rejectTitle'), submit: t('sessionDecisions.reject'), pending: t('sessionDecisions.rejecting') };
  return (
    <SessionDecisionDialog {...props} decision="reject" words={words} submitClassName="btn-error">
      {(errors) => (
        <>
          <TextField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} error={errors.reason} />
          <TextAreaField label={t('sessionDecisions.feedback')} name="feedback" required maxLength={2000} rows={4} error={errors.feedback} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
