// Addresses of the group-buy screens (issue 28 §2; console-spec §2 /marketing/SpellGroup, +team, order). Edit is
// the add screen with `?id=`; teams and orders name their activity with `?id=` too.
export const GROUP_BUY_BASE_PATH = '/marketing/SpellGroup';

export const GROUP_BUY_PATHS = {
  list: GROUP_BUY_BASE_PATH,
  add: `${GROUP_BUY_BASE_PATH}/add`,
  team: `${GROUP_BUY_BASE_PATH}/team`,
  order: `${GROUP_BUY_BASE_PATH}/order`,
} as const;

/** A screen of one activity: `?id=<groupBuyId>`. */
export const groupBuyAddress = (path: string, groupBuyId: number | string) => `${path}?id=${encodeURIComponent(String(groupBuyId))}`;
