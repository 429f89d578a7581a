import { useQuery } from '@tanstack/react-query';
import { describedBy, LabelledField } from '#web/components/labelled-field.tsx';
import { timeZonesQuery } from '#web/features/account/api/set-time-zone.ts';
import { SettingsCardForm, useFieldErrors } from '#web/features/account/components/settings-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The zone the account's pages and emails give times in (decision 054): one of the IANA zones, or
 * none chosen (pages follow the device, emails say UTC). Drawn again from the saved zone once
 * saved (the page keys it by it).
 */
export function TimeZoneForm({ current }: { current: string | null }) {
  const { t } = useTranslator();
  const zones = useQuery(timeZonesQuery).data ?? [];
  const errors = useFieldErrors('time-zone');
  // A zone saved under a name this runtime does not list is still offered, chosen.
  const offered = current && !zones.includes(current) ? [...zones, current].sort() : zones;
  return (
    <SettingsCardForm title={t('settings.timeZoneHeading')} headingId="time-zone-heading" intent="time-zone" label={t('settings.timeZoneSave')} failed={t('settings.timeZoneFailed')}>
      <p className="text-sm text-base-content/70">{t('settings.timeZoneLead')}</p>
      <LabelledField id="time-zone" label={t('settings.timeZoneLabel')} error={errors.timeZone}>
        <select id="time-zone" className={`select select-bordered w-full max-w-xs ${errors.timeZone ? 'select-error' : ''}`} {...describedBy('time-zone', { error: errors.timeZone })} name="timeZone" defaultValue={current ?? ''}>
          <option value="">{t('settings.timeZoneNotChosen')}</option>
          {offered.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </LabelledField>
    </SettingsCardForm>
  );
}
