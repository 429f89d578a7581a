// Every bookability state, as a table over the session's dates, status, seats and fee and the
// viewer's own place: what the card, the page, the badge and the button all say.
import { describe, expect, it } from 'vitest';
import { bookabilityOf, bookabilityText, isOngoing, type BookabilityInput } from '#contract/bookability.ts';
import type { ViewerPlace } from '#contract/viewer-place.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/translator.ts';

// The words come from the catalogues: English, the reference, unless a test says otherwise.
const { t } = createTranslator('en', CATALOGUES.en);
const es = createTranslator('es', CATALOGUES.es).t;

const now = new Date('2026-12-01T12:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
const at = (iso: string) => `<${iso}>`;

/** Registration open (−24 h … +24 h), class tomorrow (+48 h … +50 h), free, 10 seats, 4 taken. */
const base: BookabilityInput['session'] = {
  status: 'approved',
  registrationStartDate: hours(-24),
  registrationEndDate: hours(24),
  classStartDate: hours(48),
  classEndDate: hours(50),
  maxParticipants: 10,
  seatsTaken: 4,
  registrationFee: 0,
};
const booked: ViewerPlace = { status: 'booked', placeInLine: null, paymentDueBy: null };
const waiting: ViewerPlace = { status: 'waitlisted', placeInLine: 3, paymentDueBy: null };
const holding: ViewerPlace = { status: 'awaiting_payment', placeInLine: null, paymentDueBy: hours(0.5) };

const cases: { name: string; input: Omit<Partial<BookabilityInput>, 'session'> & { session?: Partial<BookabilityInput['session']> }; label: string; detail: string; ongoing: boolean }[] = [
  { name: 'pending', input: { session: { status: 'pending' } }, label: 'Pending approval', detail: 'This session waits for an admin’s approval; students cannot see it yet.', ongoing: false },
  { name: 'rejected', input: { session: { status: 'rejected' } }, label: 'Rejected', detail: 'An admin rejected this session; students cannot see it.', ongoing: false },
  { name: 'not yet open', input: { session: { registrationStartDate: hours(2) } }, label: `Registration opens ${at(hours(2))}`, detail: `Registration opens on ${at(hours(2))}.`, ongoing: false },
  { name: 'open with seats left', input: {}, label: 'Open: 6 of 10 seats left', detail: `Open for registration: 6 of 10 seats left, until ${at(hours(24))}.`, ongoing: true },
  { name: 'open without a limit', input: { session: { maxParticipants: null } }, label: 'Open: no seat limit', detail: `Open for registration, no seat limit, until ${at(hours(24))}.`, ongoing: true },
  { name: 'full, waitlist known', input: { session: { seatsTaken: 10 }, waitlistLength: 2 }, label: 'Full: join the waitlist', detail: `This session is full. Join the waitlist: you would be #3 in line (registration until ${at(hours(24))}).`, ongoing: true },
  { name: 'full, waitlist unknown (a card)', input: { session: { seatsTaken: 10 } }, label: 'Full: join the waitlist', detail: `This session is full. Join the waitlist (registration until ${at(hours(24))}).`, ongoing: true },
  { name: 'paid, payments available', input: { session: { registrationFee: 15 }, paymentsAvailable: true }, label: 'Open: 6 of 10 seats left', detail: `Open for registration: 6 of 10 seats left, until ${at(hours(24))}.`, ongoing: true },
  { name: 'paid, no payments', input: { session: { registrationFee: 15 }, paymentsAvailable: false }, label: 'Not bookable online yet', detail: 'This paid session cannot be booked online yet.', ongoing: false },
  { name: 'booked', input: { mine: booked }, label: 'You are booked', detail: 'You have booked this session.', ongoing: true },
  { name: 'booked, class ended', input: { mine: booked, session: { registrationEndDate: hours(-5), classStartDate: hours(-3), classEndDate: hours(-1) } }, label: 'You are booked', detail: 'You have booked this session.', ongoing: false },
  { name: 'on the waitlist', input: { mine: waiting, session: { seatsTaken: 10 } }, label: 'On the waitlist (#3)', detail: 'You are on the waitlist: number 3 in line.', ongoing: true },
  { name: 'holding a seat', input: { mine: holding, session: { registrationFee: 15 } }, label: `Seat held until ${at(hours(0.5))}`, detail: `A seat is held for you until ${at(hours(0.5))}: pay now to book it.`, ongoing: true },
  { name: 'registration closed', input: { session: { registrationStartDate: hours(-48), registrationEndDate: hours(-1) } }, label: 'Registration closed', detail: `Registration closed on ${at(hours(-1))}.`, ongoing: false },
  { name: 'class started', input: { session: { registrationStartDate: hours(-48), registrationEndDate: hours(-3), classStartDate: hours(-1), classEndDate: hours(1) } }, label: 'Class started', detail: 'This class has started; registration is over.', ongoing: false },
  { name: 'class ended', input: { session: { registrationStartDate: hours(-48), registrationEndDate: hours(-5), classStartDate: hours(-4), classEndDate: hours(-2) } }, label: 'Class ended', detail: 'This class has ended.', ongoing: false },
  { name: 'waitlisted, class ended', input: { mine: waiting, session: { classStartDate: hours(-4), classEndDate: hours(-2) } }, label: 'Class ended', detail: 'This class has ended.', ongoing: false },
];

describe('bookabilityOf', () => {
  it.each(cases)('$name', ({ input, label, detail, ongoing }) => {
    const state = bookabilityOf({ paymentsAvailable: true, now, ...input, session: { ...base, ...input.session } });
    expect(bookabilityText(state, at, t)).toEqual({ label, detail });
    expect(isOngoing(state)).toBe(ongoing);
  });

  it('counts seats with plurals, in English and in Spanish', () => {
    const open = (seatsTaken: number) => bookabilityOf({ paymentsAvailable: true, now, session: { ...base, seatsTaken } });
    expect(bookabilityText(open(9), at, t).label).toBe('Open: 1 of 10 seats left');
    expect(bookabilityText(open(9), at, es).label).toBe('Abierta: queda 1 de 10 plazas');
    expect(bookabilityText(open(7), at, es).label).toBe('Abierta: quedan 3 de 10 plazas');
    const waitlisted = bookabilityOf({ paymentsAvailable: true, now, mine: waiting, session: { ...base, seatsTaken: 10 } });
    expect(bookabilityText(waitlisted, at, es)).toEqual({ label: 'En la lista de espera (n.º 3)', detail: 'Estás en la lista de espera: eres el número 3 en la fila.' });
  });

  it('the moment registration opens and the moment it ends are both inside the window', () => {
    for (const edge of [base.registrationStartDate, base.registrationEndDate]) {
      expect(bookabilityOf({ session: base, paymentsAvailable: true, now: new Date(edge) }).kind).toBe('open');
    }
  });
});
