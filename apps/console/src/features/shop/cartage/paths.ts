// Addresses of the cartage template screens (issue 27 §2; console-spec §2 /shop cartageTem/cartageTemTen, +add,
// edit). Edit is the add screen with `?id=`.
export const CARTAGE_BASE_PATH = '/shop/cartageTem/cartageTemTen';

export const CARTAGE_PATHS = {
  list: CARTAGE_BASE_PATH,
  add: `${CARTAGE_BASE_PATH}/add`,
  edit: `${CARTAGE_BASE_PATH}/edit`,
} as const;

export const cartageAddress = (path: string, templateId: number | string) => `${path}?id=${encodeURIComponent(String(templateId))}`;
/** The goods list filtered by a cartage template: the goods a template that cannot be deleted is used by. */
export const goodsUsingCartage = (templateId: number) => `/goods/goodList/goodAll?${new URLSearchParams({ 'goods.list.q': JSON.stringify({ cartageTemplateId: templateId }) })}`;
