import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import type { Me } from '#contract/users.ts';
import { useTranslator, type Translator } from './i18n.ts';
import { browserTimeZone } from './time-zone-cookie.ts';

/**
 * Dates are stored as UTC instants and shown as dd/MM/yyyy in the viewer's time zone; anything
 * with an hour says which zone: `Mon 01/12/2026, 18:00–19:30 (your
 * time)`, 24-hour. Formatted with Intl in an explicit zone, so that the server (Node) and the
 * browser write the same text for the same zone. The weekday and the zone's words are in the
 * translator's language (`lun 01/12/2026, 18:00–19:30 (tu hora)`); dd/MM/yyyy in every one.
 *
 * The zone: the one the signed-in viewer chose for their account (Settings, user.timeZone), else
 * the browser's own (decision 054). The server learns the browser's from a cookie the page's script
 * sets (lib/time-zone-cookie.ts) and draws the page in it; without the cookie (a first visit) it
 * draws in UTC, labelled "(UTC)", and the browser redraws in the viewer's zone once the app is live.
 * The account's comes with the signed-in user (GET /api/me, in the page's query cache), the same on
 * both sides.
 */
export interface DateFormatters {
  /** The IANA zone times are shown in. */
  zone: string;
  /** "(your time)", or "(UTC)" while the viewer's zone is not known. */
  zoneLabel: string;
  /** dd/MM/yyyy */
  formatDate(instant: string | number | Date): string;
  /** HH:mm */
  formatTime(instant: string | number | Date): string;
  /** "Mon 01/12/2026, 18:00 (your time)": a deadline, a hold, a moment. */
  formatInstant(instant: string | number | Date): string;
  /** "Mon 01/12/2026, 18:00–19:30 (your time)", and in `otherZone` (the tutor's) beside it when it differs. */
  formatClassTime(start: string, end: string, otherZone?: string | null): string;
  /** "on Mon 01/12/2026, 18:00 (your time)": the same text on the server and in the browser, whenever drawn. */
  formatTimeAgo(instant: string | number | Date): string;
}

interface Parts {
  weekday: string;
  date: string;
  time: string;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsOf(language: string, zone: string, instant: string | number | Date): Parts | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  let format = partFormats.get(`${language} ${zone}`);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone: zone, weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    partFormats.set(`${language} ${zone}`, format);
  }
  const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as Record<string, string>;
  return { weekday: p.weekday!, date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
}

/** "(your time)", "(UTC)", or "(Madrid time)" for Europe/Madrid. */
function zoneLabelOf({ t }: Translator, zone: string, yours: boolean): string {
  if (yours) return t('dates.yourTime');
  if (zone === 'UTC') return t('dates.utc');
  return t('dates.zoneTime', { zone: (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ') });
}

export function dateFormattersFor(zone: string, yours: boolean, translator: Translator): DateFormatters {
  const { t, language } = translator;
  const partsIn = (z: string, instant: string | number | Date) => partsOf(language, z, instant);
  const zoneLabel = zoneLabelOf(translator, zone, yours);
  const day = (p: Parts) => `${p.weekday} ${p.date}`;
  const range = (z: string, start: string, end: string) => {
    const a = partsIn(z, start);
    const b = partsIn(z, end);
    if (!a || !b) return '';
    return a.date === b.date ? `${day(a)}, ${a.time}–${b.time}` : `${day(a)}, ${a.time} – ${day(b)}, ${b.time}`;
  };
  const instantText = (instant: string | number | Date) => {
    const p = partsIn(zone, instant);
    return p ? `${day(p)}, ${p.time} ${zoneLabel}` : '';
  };
  return {
    zone,
    zoneLabel,
    formatDate: (instant) => partsIn(zone, instant)?.date ?? '',
    formatTime: (instant) => partsIn(zone, instant)?.time ?? '',
    formatInstant: instantText,
    formatClassTime(start, end, otherZone) {
      const mine = `${range(zone, start, end)} ${zoneLabel}`;
      if (!otherZone || otherZone === zone || !timeZoneOrNull(otherZone)) return mine;
      const theirs = range(otherZone, start, end);
      // The same wall-clock text in both zones (e.g. London and Lisbon) needs no second line.
      if (theirs === range(zone, start, end)) return mine;
      return `${mine} · ${t('dates.tutorTime', { range: theirs, zone: otherZone.replace(/_/g, ' ') })}`;
    },
    formatTimeAgo: (instant) => {
      const text = instantText(instant);
      return text ? t('dates.ago', { instant: text }) : '';
    },
  };
}

/**
 * Where the page's query cache keeps the signed-in viewer (features/auth's meQuery, GET /api/me;
 * null when signed out): its `timeZone` is the one they chose for their account.
 */
export const viewerQueryKey = ['me'] as const;

/** The zone the signed-in viewer chose for their account, when the page knows it. */
function accountZone(queryClient: QueryClient): string | null {
  return timeZoneOrNull(queryClient.getQueryData<Pick<Me, 'timeZone'> | null>(viewerQueryKey)?.timeZone);
}

/** The zone the server drew the page in, kept in the page's query cache (web/src/entry-server.tsx). */
export const pageTimeZoneKey = ['page-time-zone'] as const;
export interface PageTimeZone {
  zone: string;
  /** True when it is the viewer's own zone (from their cookie); false for the UTC fallback. */
  yours: boolean;
}

/**
 * The viewer's zone for a loader or an action: their account's when they chose one (a loader that
 * needs it reads the signed-in user first), else the browser's own in the browser, on the server
 * the zone the page is drawn in when it is the viewer's (their tz cookie); null when not known.
 */
export function pageZone(queryClient: QueryClient): string | null {
  const chosen = accountZone(queryClient);
  if (chosen) return chosen;
  if (typeof document !== 'undefined') return browserTimeZone();
  const served = queryClient.getQueryData<PageTimeZone>(pageTimeZoneKey);
  return served?.yours ? served.zone : null;
}

const browserSnapshot = (queryClient: QueryClient) => `yours ${accountZone(queryClient) ?? browserTimeZone()}`;
const servedSnapshot = (queryClient: QueryClient) => {
  const chosen = accountZone(queryClient);
  if (chosen) return `yours ${chosen}`;
  const served = queryClient.getQueryData<PageTimeZone>(pageTimeZoneKey);
  if (!served) return typeof document === 'undefined' ? 'utc UTC' : browserSnapshot(queryClient);
  return `${served.yours ? 'yours' : 'utc'} ${served.zone}`;
};

/**
 * Date formatting for a component, in the viewer's zone. While the browser hydrates a page the
 * server drew, the zone the server used (useSyncExternalStore's server snapshot): the same text
 * as the HTML, then, only if it differs, the browser's own. Drawn again when the viewer's account
 * changes zone (Settings).
 */
export function useDateFormatters(): DateFormatters {
  const queryClient = useQueryClient();
  const translator = useTranslator();
  const subscribe = useCallback((changed: () => void) => queryClient.getQueryCache().subscribe(changed), [queryClient]);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => browserSnapshot(queryClient),
    () => servedSnapshot(queryClient),
  );
  return useMemo(() => {
    const [kind, zone] = snapshot.split(' ') as [string, string];
    return dateFormattersFor(zone, kind === 'yours', translator);
  }, [snapshot, translator]);
}
