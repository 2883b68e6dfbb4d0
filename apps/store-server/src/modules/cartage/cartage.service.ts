import { quoteCartage, type CartageRules, type EndpointAnswer, type EndpointParsedBiz, type cartageEndpoints } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { CartageRepository, type CartageRow, type CartageWrite } from './cartage.repository';

type Api = typeof cartageEndpoints;
export type CartageTemplateView = EndpointAnswer<Api['cartageTemplateDetails']>;

const templateNotFound = () => new StoreError(STORE_CODES.notFound, text('搬运费模板不存在', 'cartage template not found'));

/** The row's rules as the calculation takes them. */
export function cartageRulesOf(row: CartageRow): CartageRules {
  return {
    freeFloors: row.free_floors,
    perFloorWithLiftCents: row.per_floor_with_lift_cents,
    perFloorWithoutLiftCents: row.per_floor_without_lift_cents,
    distanceBands: row.distance_bands,
    minimumCents: row.minimum_cents,
  };
}

/** The template as the contract answers it. */
export function cartageView(row: CartageRow): CartageTemplateView {
  return { templateId: row.id, name: row.name, ...cartageRulesOf(row), goodsCount: row.goods_count, updateTime: epochSecondsOf(row.updated_at) };
}

function writeOf(biz: EndpointParsedBiz<Api['addCartageTemplate']>): CartageWrite {
  const { name, freeFloors, perFloorWithLiftCents, perFloorWithoutLiftCents, distanceBands, minimumCents } = biz;
  return { name, freeFloors, perFloorWithLiftCents, perFloorWithoutLiftCents, distanceBands, minimumCents };
}

/**
 * Issue 27 §2, cartage templates (docs/merchant-centre.md "Cartage templates"): the store's templates, the quote,
 * and what goods ask (owned?). The band rules are the contract's (refused before this runs); "a template goods use
 * is not deleted" holds in the database (migration 0036).
 */
export class CartageService {
  constructor(
    private readonly repository: CartageRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, biz: EndpointParsedBiz<Api['cartageTemplateList']>): Promise<EndpointAnswer<Api['cartageTemplateList']>> {
    const page = await this.repository.page(caller.storeId, biz);
    return { ...page, list: page.list.map(cartageView) };
  }

  async details(caller: Caller, templateId: number): Promise<CartageTemplateView> {
    const row = await this.repository.find(caller.storeId, templateId);
    if (!row) throw templateNotFound();
    return cartageView(row);
  }

  async add(caller: Caller, biz: EndpointParsedBiz<Api['addCartageTemplate']>): Promise<CartageTemplateView> {
    const id = await this.repository.insert(caller.storeId, writeOf(biz), this.clock.now());
    return this.details(caller, id);
  }

  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editCartageTemplate']>): Promise<CartageTemplateView> {
    if (!(await this.repository.update(caller.storeId, biz.templateId, writeOf(biz), this.clock.now()))) throw templateNotFound();
    return this.details(caller, biz.templateId);
  }

  /** Refused while goods use it: 10100005 saying how many, with errInfo { templateId, goodsCount } for the link. */
  async delete(caller: Caller, templateId: number): Promise<{ templateId: number }> {
    if (await this.repository.deleteUnused(caller.storeId, templateId)) return { templateId };
    const row = await this.repository.find(caller.storeId, templateId);
    if (!row) throw templateNotFound();
    throw new StoreError(
      STORE_CODES.notAllowedInCurrentState,
      text(`有 ${row.goods_count} 个商品使用该搬运费模板，请先为它们更换模板`, `${row.goods_count} goods use this cartage template; give them another template first`),
      { templateId, goodsCount: row.goods_count },
    );
  }

  async quote(caller: Caller, biz: EndpointParsedBiz<Api['cartageQuote']>): Promise<EndpointAnswer<Api['cartageQuote']>> {
    const row = await this.repository.find(caller.storeId, biz.templateId);
    if (!row) throw templateNotFound();
    return quoteCartage(cartageRulesOf(row), biz);
  }
}
