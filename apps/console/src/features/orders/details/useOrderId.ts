import { useSearchParams } from 'react-router';

/** The order a screen shows: `?id=<orderId>`, or null when the address names none (or not a number). */
export function useOrderId(): number | null {
  const raw = useSearchParams()[0].get('id') ?? '';
  const id = Number(raw);
  return raw !== '' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
