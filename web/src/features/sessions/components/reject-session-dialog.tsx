import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { type DecisionDialogProps, SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** Admin: reject a pending session with a reason and feedback (both required) that the tutor sees. */
export function RejectSessionDialog(props: DecisionDialogProps) {
  const { t } = useTranslator();
  const words = { title: t('sessionDecisions.rejectTitle'), submit: t('sessionDecisions.reject'), pending: t('sessionDecisions.rejecting'), success: t('sessionDecisions.rejected') };
  return (
    <SessionDecisionDialog {...props} decision="reject" words={words} submitClassName="btn-error" body={(fields) => ({ reason: fieldText(fields, 'reason'), feedback: fieldText(fields, 'feedback') })}>
      {(errors) => (
        <>
          <TextField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} error={errors.reason} />
          <TextAreaField label={t('sessionDecisions.feedback')} name="feedback" required maxLength={2000} rows={4} error={errors.feedback} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
