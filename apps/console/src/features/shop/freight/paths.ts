// Addresses of the freight template screens (issue 27 §1; console-spec §2 /shop freightTem/freightTemTen, +add,
// edit). Edit is the add screen with `?id=`; the tester names its template with `?id=` too.
export const FREIGHT_BASE_PATH = '/shop/freightTem/freightTemTen';

export const FREIGHT_PATHS = {
  list: FREIGHT_BASE_PATH,
  add: `${FREIGHT_BASE_PATH}/add`,
  edit: `${FREIGHT_BASE_PATH}/edit`,
  tester: `${FREIGHT_BASE_PATH}/tester`,
} as const;

export const freightAddress = (path: string, templateId: number | string) => `${path}?id=${encodeURIComponent(String(templateId))}`;
/** The goods list filtered by a template: the goods a template that cannot be deleted is used by. */
export const goodsUsingTemplate = (templateId: number) => `/goods/goodList/goodAll?${new URLSearchParams({ 'goods.list.q': JSON.stringify({ freightTemplateId: templateId }) })}`;
