import type { Session } from '#contract/sessions.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { type DecidedSession, type DecisionDialogProps, SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The tutor (while nobody has paid) or an admin calls off a class of a weekly series and every
 * later class of it, with the reason their students are emailed (docs/decisions/064-series.md).
 */
export function CancelSeriesDialog(props: DecisionDialogProps<DecidedSession & Pick<Session, 'seriesId'>>) {
  const { t } = useTranslator();
  const words = { title: t('sessionDecisions.cancelSeriesTitle'), submit: t('sessionDecisions.cancelSeries'), pending: t('sessionDecisions.cancelling') };
  return (
    <SessionDecisionDialog {...props} decision="cancelSeries" words={words} submitClassName="btn-error">
      {(errors, session) => (
        <>
          <input type="hidden" name="seriesId" value={session.seriesId ?? ''} />
          <p className="text-sm">{t('sessionDecisions.cancelSeriesLead')}</p>
          <TextAreaField label={t('sessionDecisions.reason')} name="reason" required maxLength={500} rows={3} error={errors.reason} />
        </>
      )}
    </SessionDecisionDialog>
  );
}
