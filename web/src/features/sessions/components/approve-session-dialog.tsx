import { useState } from 'react';
import type { Session } from '#contract/sessions.ts';
import { DEFAULT_CURRENCY } from '#contract/users.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useAuthConfig } from '#web/features/auth/public.ts';
import { MaxParticipantsField } from '#web/features/sessions/components/schedule-fields.tsx';
import { type DecidedSession, type DecisionDialogProps, SessionDecisionDialog } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { useHydrated } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** What Approve shows of the session beyond its title and tutor: whether its place is still to be announced, its series, its seat limit. */
type ApprovedSession = DecidedSession & Pick<Session, 'locationKind' | 'seriesId' | 'maxParticipants'>;

/** Admin: approve a pending session as free or paid (an amount in dollars), optionally capping seats (its fields read by features/sessions/session-actions.ts). */
export function ApproveSessionDialog(props: DecisionDialogProps<ApprovedSession>) {
  const { t } = useTranslator();
  const words = { title: t('sessionDecisions.approveTitle'), submit: t('sessionDecisions.approve'), pending: t('sessionDecisions.approving') };
  return (
    <SessionDecisionDialog {...props} decision="approve" words={words} submitClassName="btn-success">
      {(errors, s) => (
        <>
          {/* A place still to be announced is refused by the server (decision 063): said before sending, and its refusal under it. */}
          {(errors.locationKind ?? s.locationKind === 'tba') && (
            <p role={errors.locationKind ? 'alert' : 'note'} className="alert alert-warning alert-soft text-sm" data-testid="approve-place-note">
              {errors.locationKind ?? t('sessionDecisions.placeToBeAnnounced')}
            </p>
          )}
          {s.seriesId !== null && (
            <>
              <input type="hidden" name="seriesId" value={s.seriesId} />
              <label className="flex cursor-pointer items-start gap-2 text-sm">
                <input type="checkbox" name="wholeSeries" className="checkbox checkbox-sm mt-0.5" defaultChecked />
                <span>{t('sessionDecisions.wholeSeries')}</span>
              </label>
            </>
          )}
          <FeeFields error={errors.registrationFee} />
          <MaxParticipantsField defaultValue={s.maxParticipants === null ? '' : String(s.maxParticipants)} error={errors.maxParticipants} />
        </>
      )}
    </SessionDecisionDialog>
  );
}

/** Free, or paid with an amount in the installation's currency; says up front when the server takes no payments. */
function FeeFields({ error }: { error: string | undefined }) {
  const { t } = useTranslator();
  const [paid, setPaid] = useState(false);
  // Without the app the choice cannot show the amount's field: it is there from the start (read only when Paid is chosen).
  const live = useHydrated();
  const config = useAuthConfig();
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('sessionDecisions.fee')}</legend>
        {config.data?.payments === false && (
          <p role="note" className="alert alert-warning alert-soft text-sm">
            {t('sessionDecisions.noPayments')}
          </p>
        )}
        {config.data?.testPayments && <p className="text-sm text-base-content/70">{t('sessionDecisions.testPayments')}</p>}
        <label className="flex cursor-pointer items-center gap-2">
          <input type="radio" name="feeKind" value="free" className="radio radio-sm" defaultChecked onChange={() => setPaid(false)} />
          {t('sessionDecisions.free')}
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="radio" name="feeKind" value="paid" className="radio radio-sm" onChange={() => setPaid(true)} />
          {t('sessionDecisions.paid')}
        </label>
      </fieldset>
      {(paid || !live) && <TextField label={t('sessionDecisions.amount', { currency: config.data?.currency ?? DEFAULT_CURRENCY })} name="registrationFee" type="number" inputMode="decimal" min={0.01} max={10000} step={0.01} required={live} error={error} />}
    </>
  );
}
