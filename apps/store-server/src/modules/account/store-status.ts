/** console-spec §4 store status values; one definition for the account and operator modules. */
export const StoreStatus = { notSubmitted: 0, underReview: 1, approved: 2, rejected: 3, disabled: 4 } as const;
export type StoreStatusValue = (typeof StoreStatus)[keyof typeof StoreStatus];
