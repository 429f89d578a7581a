import type { SessionPlace } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Where the class happens: in person at a named place with its address, or online at
 * a meeting link (http or https) that only booked students, the tutor and admins see. Optional
 * (a session may say it later). The chosen kind's fields show by CSS alone, so the form works
 * before the app is live; the server checks what the chosen kind needs. The form's fields are
 * read into the API's body by contract/session-form.ts.
 */
export function PlaceFields({ defaults, errors }: { defaults?: SessionPlace; errors: Record<string, string> }) {
  const { t } = useTranslator();
  const kind = defaults?.locationKind ?? null;
  return (
    <fieldset className="group flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('sessionForm.placeLegend')}</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="in_person" className="place-in-person radio radio-primary" defaultChecked={kind === 'in_person'} />
          {t('sessionForm.inPerson')}
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="online" className="place-online radio radio-primary" defaultChecked={kind === 'online'} />
          {t('sessionForm.online')}
        </label>
      </div>
      <div className="hidden flex-col gap-3 group-has-[.place-in-person:checked]:flex">
        <TextField label={t('sessionForm.placeName')} name="placeName" maxLength={200} defaultValue={defaults?.placeName ?? ''} error={errors.placeName} />
        <TextField label={t('sessionForm.placeAddress')} name="placeAddress" maxLength={500} defaultValue={defaults?.placeAddress ?? ''} error={errors.placeAddress} />
      </div>
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
