// Addresses of the closing-the-shop screens (console-spec §2: /shop/logout, /shop/storeLogoutRiskWarning,
// /logoutSubmitSuccess, /logouting), written once for links and tests.
export const LOGOUT_PATHS = {
  checklist: '/shop/logout',
  riskWarning: '/shop/storeLogoutRiskWarning',
  submitted: '/logoutSubmitSuccess',
  result: '/logouting',
} as const;

/** /logouting of one request: its unguessable reference is the only key (the page is public). */
export const logoutResultAddress = (ref: string) => `${LOGOUT_PATHS.result}?ref=${encodeURIComponent(ref)}`;
/** /logoutSubmitSuccess after a request: its number and its reference. */
export const logoutSubmittedAddress = (id: number, ref: string) => `${LOGOUT_PATHS.submitted}?id=${id}&ref=${encodeURIComponent(ref)}`;
