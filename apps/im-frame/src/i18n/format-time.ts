// Short, merchant-friendly timestamps for session rows and message bubbles.
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

export function formatChatTime(timeMs: number, nowMs: number, t: TFunction): string {
  const time = dayjs(timeMs);
  const now = dayjs(nowMs);
  if (time.isSame(now, 'day')) return time.format(t('time.today'));
  if (time.isSame(now.subtract(1, 'day'), 'day')) return time.format(t('time.yesterday'));
  if (time.isSame(now, 'year')) return time.format(t('time.thisYear'));
  return time.format(t('time.older'));
}
