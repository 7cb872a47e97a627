import { dateTimeFormat } from '@/lib/i18n/format';

/** An instant with its date and time in the active language ('Nov 27, 2026, 11:56 PM'); not an instant: as it is. */
export function formatAt(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
