import { format, formatDistanceToNow } from 'date-fns';
import { useSyncExternalStore } from 'react';

/**
 * Dates are stored as UTC instants and shown as dd/MM/yyyy in the user's time zone
 * (PRODUCT.md §4). date-fns formats in the browser's local zone, which is the user's.
 */
export function formatDate(instant: string | number | Date): string {
  const date = toDate(instant);
  if (!date) return '';
  return format(date, 'dd/MM/yyyy');
}

function toDate(instant: string | number | Date): Date | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');

function formatUtcDate(instant: string | number | Date): string {
  const date = toDate(instant);
  if (!date) return '';
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

const formatTime = (date: Date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
const formatUtcTime = (date: Date) => `${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`;

/** "3 minutes ago": relative to the reader's clock. */
const formatTimeAgo = (instant: string | number | Date) => {
  const date = toDate(instant);
  return date ? formatDistanceToNow(date, { addSuffix: true }) : '';
};
// The server's HTML must not depend on the moment it was drawn (the browser hydrates it later).
const formatUtcDateAgo = (instant: string | number | Date) => `on ${formatUtcDate(instant)}`;

const noSubscription = () => () => {};
const local = { formatDate, formatTime, formatTimeAgo };
const utc = { formatDate: formatUtcDate, formatTime: formatUtcTime, formatTimeAgo: formatUtcDateAgo };

/**
 * Date formatting for a component. A server-rendered page (server/http/server-render.ts) cannot
 * know the reader's time zone, and the browser's first render must match the server's HTML:
 * so while rendering on the server and hydrating, dates are formatted in UTC, and React renders
 * again at once in the user's zone (useSyncExternalStore's server snapshot). Pages rendered in
 * the browser use the user's zone from the start.
 */
export function useDateFormatters(): typeof local {
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  return inBrowser ? local : utc;
}
