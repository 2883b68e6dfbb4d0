// Text typed into a search-as-you-type input, once typing has paused: the server is asked once per word,
// not once per key (the list-select field, the inventory pickers).
import { useEffect, useState } from 'react';

/** How long typing must pause before the text counts as settled. */
export const SETTLE_DELAY_MS = 300;

export function useSettledText(text: string, delayMs = SETTLE_DELAY_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
