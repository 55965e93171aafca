import { dateTimeFormat } from '@/lib/intl';

/** A message's time as hh:mm in the en-US format ("02:05 PM"); empty when the date is unreadable. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' }).format(date);
}
