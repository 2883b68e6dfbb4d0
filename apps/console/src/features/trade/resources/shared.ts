import { formatCents, formatSecondsTimestamp } from '@merchant/ui-kit';

/** Seconds on the wire; an absent time reads empty. */
export const time = (seconds: number | null) => (seconds === null ? '' : formatSecondsTimestamp(seconds));
export const money = (cents: number) => formatCents(cents);
