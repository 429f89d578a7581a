import { format } from 'date-fns';

/**
 * Dates are stored as UTC instants and shown as dd/MM/yyyy in the user's time zone
 * (PRODUCT.md §4). date-fns formats in the browser's local zone, which is the user's.
 */
export function formatDate(instant: string | number | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return format(date, 'dd/MM/yyyy');
}
