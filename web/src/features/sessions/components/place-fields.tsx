import type { CreateSessionBody, SessionPlace } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { fieldText } from '#web/lib/form-fields.ts';

type PlaceBody = Pick<CreateSessionBody, 'locationKind' | 'placeName' | 'placeAddress' | 'meetingUrl'>;

/** Where the class happens, as the form holds it: the chosen kind's fields only (none when no kind is chosen). */
export function placeBody(fields: FormData): PlaceBody {
  const kind = fieldText(fields, 'locationKind');
  if (kind === 'in_person') return { locationKind: kind, placeName: fieldText(fields, 'placeName').trim(), placeAddress: fieldText(fields, 'placeAddress').trim() };
  if (kind === 'online') return { locationKind: kind, meetingUrl: fieldText(fields, 'meetingUrl').trim() };
  return {};
}

/**
 * Where the class happens (issue 19): in person at a named place with its address, or online at
 * a meeting link (http or https) that only booked students, the tutor and admins see. Optional
 * (a session may say it later). The chosen kind's fields show by CSS alone, so the form works
 * before the app is live; the server checks what the chosen kind needs.
 */
export function PlaceFields({ defaults, errors }: { defaults?: SessionPlace; errors: Record<string, string> }) {
  const kind = defaults?.locationKind ?? null;
  return (
    <fieldset className="group flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">Where the class happens</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="in_person" className="place-in-person radio radio-primary" defaultChecked={kind === 'in_person'} />
          In person
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="locationKind" value="online" className="place-online radio radio-primary" defaultChecked={kind === 'online'} />
          Online
        </label>
      </div>
      <div className="hidden flex-col gap-3 group-has-[.place-in-person:checked]:flex">
        <TextField label="Place name" name="placeName" maxLength={200} defaultValue={defaults?.placeName ?? ''} error={errors.placeName} />
        <TextField label="Address" name="placeAddress" maxLength={500} defaultValue={defaults?.placeAddress ?? ''} error={errors.placeAddress} />
      </div>
      <div className="hidden flex-col gap-3 group-has-[.place-online:checked]:flex">
        <TextField
          label="Meeting link"
          name="meetingUrl"
          type="url"
          maxLength={2000}
          defaultValue={defaults?.meetingUrl ?? ''}
          hint="Only booked students, you and admins see it."
          error={errors.meetingUrl}
        />
      </div>
    </fieldset>
  );
}
