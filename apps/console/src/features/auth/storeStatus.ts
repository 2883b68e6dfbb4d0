// Store status and type codes (console-spec §4).
export const STORE_STATUS = { notSubmitted: 0, underReview: 1, approved: 2, rejected: 3, disabled: 4 } as const;
export const STORE_TYPE = { flagship: 1, specialty: 2, service: 3 } as const;

export type StoreType = (typeof STORE_TYPE)[keyof typeof STORE_TYPE];

/** §4: "Only 2 and 4 pass into the app." */
const ENTITLED_STATUSES: readonly number[] = [STORE_STATUS.approved, STORE_STATUS.disabled];

export function isEntitledStoreStatus(status: number | null | undefined): boolean {
  return typeof status === 'number' && ENTITLED_STATUSES.includes(status);
}

/** i18n key for a store status, with the §8 'unmatched status' fallback. */
export function storeStatusKey(status: number | null | undefined): string {
  const known = Object.entries(STORE_STATUS).find(([, code]) => code === status);
  return known ? `auth.storeStatus.${known[0]}` : 'auth.storeStatus.unmatched';
}

export function storeTypeKey(type: number | null | undefined): string {
  const known = Object.entries(STORE_TYPE).find(([, code]) => code === type);
  return known ? `auth.storeType.${known[0]}` : 'auth.storeType.unmatched';
}
