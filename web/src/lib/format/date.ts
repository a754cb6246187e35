/** Times arrive as ISO 8601 with offset and are shown in the browser's time zone. */
import dayjs from 'dayjs';

export const EMPTY_VALUE = '—';

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : EMPTY_VALUE;
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD') : EMPTY_VALUE;
}

export function isPast(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}
