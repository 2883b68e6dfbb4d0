import { useEffect, useState } from 'react';
import { useUiKitText } from '../i18n/locale-context';
import { splitCountdown } from './countdown-parts';

export interface CountdownProps {
  /** End moment as a seconds timestamp (console-spec §9: timestamps are seconds). */
  endTime: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  onEnd?: () => void;
}

/** console-spec §2: shows whole days while a day or more remains, otherwise hours, minutes and seconds. */
export function Countdown({ endTime, now = Date.now, onEnd }: CountdownProps) {
  const t = useUiKitText();
  const remainingOf = () => Math.max(0, endTime - Math.floor(now() / 1000));
  const [remaining, setRemaining] = useState(remainingOf);

  useEffect(() => {
    setRemaining(remainingOf());
    if (remainingOf() === 0) {
      onEnd?.();
      return undefined;
    }
    const timer = setInterval(() => {
      const left = remainingOf();
      setRemaining(left);
      if (left === 0) {
        clearInterval(timer);
        onEnd?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [endTime]);

  const parts = splitCountdown(remaining);
  const pad = (value: number) => String(value).padStart(2, '0');
  const text =
    parts.days > 0
      ? t('countdownDays', { days: parts.days })
      : t('countdownClock', { hours: pad(parts.hours), minutes: pad(parts.minutes), seconds: pad(parts.seconds) });
  return <span role="timer">{text}</span>;
}
