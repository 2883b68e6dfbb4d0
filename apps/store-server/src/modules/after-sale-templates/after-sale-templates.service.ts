import {
  AFTER_SALE_TEMPLATE_LIMITS,
  richTextPlain,
  sanitizeRichText,
  type afterSaleTemplateEndpoints,
  type EndpointAnswer,
  type EndpointParsedBiz,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { AfterSaleTemplatesRepository, type TemplateText } from './after-sale-templates.repository';

type Api = typeof afterSaleTemplateEndpoints;
export type AfterSaleTemplateView = EndpointAnswer<Api['afterSaleTemplateDetail']>;
type Row = NonNullable<Awaited<ReturnType<AfterSaleTemplatesRepository['find']>>>;

const notFound = () => new StoreError(STORE_CODES.notFound, text('售后说明模板不存在', 'after-sale template not found'));
const SUMMARY_MAX = 80;
/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503';

function view(row: Row): AfterSaleTemplateView {
  return {
    templateId: row.id,
    name: row.name,
    content: row.content,
    summary: row.summary,
    goodsCount: Number(row.goods_count ?? 0),
    createTime: epochSecondsOf(row.created_at),
    updateTime: epochSecondsOf(row.updated_at),
  };
}

/** What is stored: the name, the sanitised HTML (never the input) and its text for lists. */
export function storedTemplateText(biz: { name: string; content: string }): TemplateText {
  const content = sanitizeRichText(biz.content);
  const plain = richTextPlain(content);
  return { name: biz.name, content, summary: plain.length > SUMMARY_MAX ? `${plain.slice(0, SUMMARY_MAX - 1)}…` : plain };
}

/** Issue 27 §3 after-sale explanation templates (docs/merchant-centre.md "After-sale explanation templates"). */
export class AfterSaleTemplatesService {
  constructor(
    private readonly repository: AfterSaleTemplatesRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, biz: EndpointParsedBiz<Api['afterSaleTemplateList']>): Promise<EndpointAnswer<Api['afterSaleTemplateList']>> {
    const { total, rows } = await this.repository.list(caller.storeId, { name: biz.name, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: rows.map(view) };
  }

  async detail(caller: Caller, templateId: number): Promise<AfterSaleTemplateView> {
    const row = await this.repository.find(caller.storeId, templateId);
    if (!row) throw notFound();
    return view(row);
  }

  async add(caller: Caller, biz: EndpointParsedBiz<Api['addAfterSaleTemplate']>): Promise<AfterSaleTemplateView> {
    return this.repository.transaction(async (repository) => {
      if (!(await repository.takePlace(caller.storeId))) {
        const limit = AFTER_SALE_TEMPLATE_LIMITS.perStore;
        throw new StoreError(STORE_CODES.notAllowedInCurrentState, text(`售后说明模板最多 ${limit} 个，请先删除不用的模板`, `a store keeps at most ${limit} after-sale templates; delete one you no longer use`), { limit });
      }
      const id = await repository.insert(caller.storeId, storedTemplateText(biz), this.clock.now());
      return view((await repository.find(caller.storeId, id))!);
    });
  }

  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editAfterSaleTemplate']>): Promise<AfterSaleTemplateView> {
    return this.repository.transaction(async (repository) => {
      if (!(await repository.update(caller.storeId, biz.templateId, storedTemplateText(biz), this.clock.now()))) throw notFound();
      return view((await repository.find(caller.storeId, biz.templateId))!);
    });
  }

  async delete(caller: Caller, templateId: number): Promise<{ templateId: number }> {
    let deleted: boolean;
    try {
      deleted = await this.repository.transaction((repository) => repository.deleteUnused(caller.storeId, templateId));
    } catch (error) {
      // Goods took the template between the statement's check and its delete: the foreign key refused it.
      if ((error as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION) throw error;
      deleted = false;
    }
    if (deleted) return { templateId };
    if (!(await this.repository.find(caller.storeId, templateId))) throw notFound();
    const { count, goodsIds } = await this.repository.usedBy(caller.storeId, templateId, AFTER_SALE_TEMPLATE_LIMITS.usedByListed);
    throw new StoreError(
      STORE_CODES.notAllowedInCurrentState,
      text(`有 ${count} 个商品正在使用该模板，不能删除；请先为这些商品改选其他模板`, `${count} goods use this template, so it cannot be deleted; choose another template for them first`),
      { goodsCount: count, goodsIds },
    );
  }
}
