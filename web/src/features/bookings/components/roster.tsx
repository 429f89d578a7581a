// The tutor's roster on their session page: booked students, then the waitlist in line order.
// Once class has started, each booked student is marked present or absent: one press
// per student, "Mark all present" for the rest (forms of the page's route action:
// features/bookings/roster-action.ts); the roster downloads as CSV at any time.
import { type ReactNode, useId } from 'react';
import type { RosterEntry } from '#contract/bookings.ts';
import { CardSection, LoadMoreButton } from '#web/components/card-section.tsx';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { rosterCsvUrl } from '#web/features/bookings/api/attendance.ts';
import { useRoster } from '#web/features/bookings/api/use-roster.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';

export function Roster({ sessionId, takeAttendance = false }: { sessionId: string; takeAttendance?: boolean }) {
  const { t } = useTranslator();
  const personName = usePersonName();
  const { formatDate } = useDateFormatters();
  const roster = useRoster(sessionId);
  const first = roster.data?.pages[0];
  const items = pagedItems(roster);
  // A seat held for payment is taken: listed with the booked students, marked.
  const booked = items.filter((e) => e.status !== 'waitlisted');
  const waiting = items.filter((e) => e.status === 'waitlisted');

  return (
    <CardSection title={t('roster.title')} headingId="roster-heading" query={roster} loadingLabel={t('roster.loading')}>
      {() => (
        <>
          <p className="text-sm text-base-content/70">
            {first!.maxParticipants === null ? t('roster.bookedNoLimit', { booked: first!.bookedCount }) : t('roster.seatsTaken', { booked: first!.bookedCount, seats: first!.maxParticipants })}
            {' · '}
            {t('roster.waitlistCount', { count: first!.waitlistCount })}
          </p>
          <RefusalMessage title={t('roster.markFailed')} intent="attendance" />
          <RefusalMessage title={t('roster.markFailed')} intent="all-present" />
          <div className="flex flex-wrap gap-2">
            <a href={rosterCsvUrl(sessionId)} download className="btn btn-outline btn-sm">
              {t('roster.download')}
            </a>
            {takeAttendance && booked.some((e) => e.status === 'booked') && (
              <IntentButton intent="all-present" className="btn btn-sm btn-primary">
                {t('roster.markAll')}
              </IntentButton>
            )}
          </div>
          <RosterList
            title={t('roster.booked')}
            empty={t('roster.noneBooked')}
            entries={booked.map((e) => ({
              key: e.studentId,
              name: personName(e.name),
              email: e.email,
              note: e.status === 'awaiting_payment' ? t('roster.heldSince', { date: formatDate(e.since) }) : t('roster.bookedOn', { date: formatDate(e.since) }),
              action: takeAttendance && e.status === 'booked' ? <AttendanceButtons entry={e} /> : null,
              attendees: e.attendees,
            }))}
          />
          {(waiting.length > 0 || first!.waitlistCount > 0) && (
            <RosterList
              title={t('roster.waitlist')}
              empty=""
              entries={waiting.map((e) => ({
                key: e.studentId,
                name: personName(e.name),
                email: e.email,
                note: e.seats > 1 ? `${t('roster.inLine', { place: e.placeInLine, date: formatDate(e.since) })} · ${t('roster.seatsWanted', { count: e.seats })}` : t('roster.inLine', { place: e.placeInLine, date: formatDate(e.since) }),
                action: null,
                attendees: e.attendees,
              }))}
            />
          )}
          <LoadMoreButton query={roster} />
        </>
      )}
    </CardSection>
  );
}

/** Present / Absent for one student: toggle buttons (aria-pressed), one press marks. */
function AttendanceButtons({ entry }: { entry: RosterEntry }) {
  const { t } = useTranslator();
  const personName = usePersonName();
  return (
    <div role="group" aria-label={t('attendance.of', { name: personName(entry.name) })} className="join">
      {(['present', 'absent'] as const).map((value) => (
        <IntentButton
          key={value}
          intent="attendance"
          fields={{ studentId: entry.studentId, attendance: value }}
          className={`btn join-item btn-sm ${entry.attendance === value ? (value === 'present' ? 'btn-success' : 'btn-error') : 'btn-outline'}`}
          pressed={entry.attendance === value}
        >
          {value === 'present' ? t('attendance.present') : t('attendance.absent')}
        </IntentButton>
      ))}
    </div>
  );
}

type RosterLine = { key: string; name: string; email: string; note: string; action: ReactNode; attendees: RosterEntry['attendees'] };

function RosterList({ title, empty, entries }: { title: string; empty: string; entries: RosterLine[] }) {
  const { t } = useTranslator();
  // Named by its heading, as a group: a name on the list itself is one screen readers may not say.
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-semibold">
        {title}
      </h3>
      {entries.length === 0 ? (
        empty && <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul className="divide-y divide-base-200">
          {entries.map((e) => (
            <li key={e.key} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{e.name}</span> <span className="text-sm break-all text-base-content/70">{e.email}</span>
              </span>
              <span className="text-sm text-base-content/70">{e.note}</span>
              {e.action}
              {/* A group booking: each seat by the name its booker gave (docs/decisions/061-group-bookings.md). */}
              {e.attendees.length > 0 && (
                <ul aria-label={t('roster.attendeesOf', { name: e.name })} className="w-full list-disc ps-6 text-sm">
                  {e.attendees.map((a, i) => (
                    <li key={i} className="break-words">
                      {a.name}
                      {a.email && <span className="break-all text-base-content/70"> {a.email}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
