import { TextAreaField } from '#web/components/text-area-field.tsx';
import { type DecisionDialogProps, SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The tutor (while nobody has paid) or an admin calls an approved class off, with the reason its students are emailed. */
export function CancelSessionDialog(props: DecisionDialogProps) {
  const { t } = useTranslator();
  const words = { title: t('sessionDecisions.cancelTitle'), submit: t('sessionDecisions.cancel'), pending: t('sessionDecisions.cancelling') };
  return (
    <SessionDecisionDialog {...props} decision="cancel" words={words} submitClassName="btn-error">
      {(errors) => (
        <>
          <p className="text-sm">{t('sessionDecisions.cancelLead')}</p>
          <TextAreaField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} rows={3} error={errors.reason} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
