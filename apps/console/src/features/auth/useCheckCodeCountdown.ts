// The "send code" button's wait after a check code was sent (one code a minute).
import { useEffect, useState } from 'react';

export const CHECK_CODE_RESEND_SECONDS = 60;

export function useCheckCodeCountdown(): { secondsLeft: number; start(): void } {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, start: () => setSecondsLeft(CHECK_CODE_RESEND_SECONDS) };
}
