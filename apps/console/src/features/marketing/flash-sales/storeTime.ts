// A sale's times as the store reads them: its daily slots are minutes of the day in the store's time zone
// (FLASH_SALE_TIME_ZONE), so the current slot and the run window are shown in that zone too, whatever the
// browser's zone is — "00:00–24:00" and the slots column always agree.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { FLASH_SALE_TIME_ZONE } from '@merchant/api-contracts';

dayjs.extend(utc);
dayjs.extend(timezone);

const inStore = (seconds: number) => dayjs.unix(seconds).tz(FLASH_SALE_TIME_ZONE);

/** YYYY-MM-DD in the store's zone. */
export const storeDay = (seconds: number) => inStore(seconds).format('YYYY-MM-DD');

/** HH:mm in the store's zone; a slot's end at midnight reads 24:00 (the day it ends, not the next one). */
export const storeClock = (seconds: number, { end = false }: { end?: boolean } = {}) => {
  const text = inStore(seconds).format('HH:mm');
  return end && text === '00:00' ? '24:00' : text;
};
