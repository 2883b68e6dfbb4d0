export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a remaining number of seconds; negative values count as 0. */
export function splitCountdown(remainingSeconds: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingSeconds));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}
