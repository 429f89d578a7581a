import type { SessionPlace } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Where the class happens: in person at a named place with its address, or online at
 * a meeting link (http or https) that only booked students, the tutor and admins see, or
 * explicitly "to be announced", which the tutor must fill before an admin can approve
 * (docs/decisions/063-place-to-be-announced.md): one of the three must be chosen (`required`,
 * none checked on a new session). The chosen kind's fields show by CSS alone, so the form works
 * before the app is live; the server checks what the chosen kind needs. The form's fields are
 * read into the API's body by contract/session-form.ts.
 */
export function PlaceFields({ defaults, errors, offerToBeAnnounced = true }: { defaults?: SessionPlace; errors: Record<string, string>; offerToBeAnnounced?: boolean }) {
  const { t } = useTranslator();
  const kind = defaults?.locationKind ?? null;
  // An approved class keeps a place or a link (the server refuses going back).
  const tba = offerToBeAnnounced || kind === 'tba';
  // A new session chooses one; so does an edit of one that has chosen. One written before places
  // existed (none chosen) keeps saying nothing until its tutor picks one.
  const required = !defaults || kind !== null;
  return (
    <fieldset className="group flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('sessionForm.placeLegend')}</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="in_person" className="place-in-person radio radio-primary" defaultChecked={kind === 'in_person'} required={required} />
          {t('sessionForm.inPerson')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="online" className="place-online radio radio-primary" defaultChecked={kind === 'online'} required={required} />
          {t('sessionForm.online')}
        </label>
        {tba && (
          <label className="flex items-center gap-2">
            <input type="radio" name="locationKind" value="tba" className="place-tba radio radio-primary" defaultChecked={kind === 'tba'} required={required} />
            {t('sessionForm.toBeAnnounced')}
          </label>
        )}
      </div>
      <div className="hidden flex-col gap-3 group-has-[.place-in-person:checked]:flex">
        <TextField label={t('sessionForm.placeName')} name="placeName" maxLength={200} defaultValue={defaults?.placeName ?? ''} error={errors.placeName} />
        <TextField label={t('sessionForm.placeAddress')} name="placeAddress" maxLength={500} defaultValue={defaults?.placeAddress ?? ''} error={errors.placeAddress} />
      </div>
      <p className="hidden text-sm text-base-content/70 group-has-[.place-tba:checked]:block">{t('sessionForm.toBeAnnouncedHint')}</p>
      {errors.locationKind && (
        <p className="text-sm text-error" role="alert">
          {errors.locationKind}
        </p>
      )}
      <div className="hidden flex-col gap-3 group-has-[.place-online:checked]:flex">
        <TextField
          label={t('sessionForm.meetingUrl')}
          name="meetingUrl"
          type="url"
          maxLength={2000}
          defaultValue={defaults?.meetingUrl ?? ''}
          hint={t('sessionForm.meetingUrlHint')}
          error={errors.meetingUrl}
        />
      </div>
    </fieldset>
  );
}
