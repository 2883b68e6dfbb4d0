import {
  describeRuleProblem,
  duplicateRegions,
  quoteFreight,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type FreightRules,
  type RuleProblem,
  type freightEndpoints,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { FreightRepository, isUniqueViolation, type StoredRules, type TemplateRow, type TemplateWrite } from './freight.repository';

type Api = typeof freightEndpoints;
export type FreightTemplateView = EndpointAnswer<Api['freightTemplateDetails']>;
type TemplateBiz = EndpointParsedBiz<Api['addFreightTemplate']>;

const templateNotFound = () => new StoreError(STORE_CODES.notFound, text('运费模板不存在', 'freight template not found'));

/** 10100001 with one problem per field, the message joining them in each language. */
function fieldErrors(problems: Array<{ field: string; problem: RuleProblem }>): StoreError {
  const describe = (language: 'zh-CN' | 'en-US') => problems.map((p) => describeRuleProblem(p.problem, p.field, language)).join('; ');
  return new StoreError(STORE_CODES.invalidParameter, text(describe('zh-CN'), describe('en-US')), { problems });
}

/** The template as the contract answers it. */
export function templateView(row: TemplateRow): FreightTemplateView {
  return {
    templateId: row.id,
    name: row.name,
    pricing: row.pricing as FreightTemplateView['pricing'],
    defaultBlock: row.rules.defaultBlock,
    regionGroups: row.rules.regionGroups,
    freeRules: row.rules.freeRules as FreightTemplateView['freeRules'],
    excludedRegions: row.rules.excludedRegions,
    isDefault: row.is_default,
    goodsCount: row.goods_count,
    updateTime: epochSecondsOf(row.updated_at),
  };
}

/** The row's rules as the calculation takes them. */
export function rulesOfRow(row: Pick<TemplateRow, 'pricing' | 'rules'>): FreightRules {
  return { ...row.rules, pricing: row.pricing } as FreightRules;
}

function writeOf(biz: TemplateBiz): TemplateWrite {
  const rules: StoredRules = {
    defaultBlock: biz.defaultBlock,
    regionGroups: biz.regionGroups,
    freeRules: biz.freeRules,
    excludedRegions: biz.excludedRegions,
  };
  return { name: biz.name, pricing: biz.pricing, rules, isDefault: biz.isDefault };
}

/**
 * Issue 27 §1, freight templates (docs/merchant-centre.md "Freight templates"): the store's templates, the tester,
 * and what goods and the delivery range ask (owned? covers a region?). The one default per store and "a template
 * goods use is not deleted" hold in the database (migration 0032).
 */
export class FreightService {
  constructor(
    private readonly repository: FreightRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, biz: EndpointParsedBiz<Api['freightTemplateList']>): Promise<EndpointAnswer<Api['freightTemplateList']>> {
    const page = await this.repository.page(caller.storeId, biz);
    return { ...page, list: page.list.map(templateView) };
  }

  async details(caller: Caller, templateId: number): Promise<FreightTemplateView> {
    const row = await this.repository.find(caller.storeId, templateId);
    if (!row) throw templateNotFound();
    return templateView(row);
  }

  async add(caller: Caller, biz: TemplateBiz): Promise<EndpointAnswer<Api['addFreightTemplate']>> {
    const write = writeOf(biz);
    await this.checkRegions(write.rules);
    const row = await this.saving(() =>
      this.repository.transaction(async (repo) => {
        if (write.isDefault) await repo.clearDefault(caller.storeId);
        const id = await repo.insert(caller.storeId, write, this.clock.now());
        return (await repo.find(caller.storeId, id))!;
      }),
    );
    return { template: templateView(row), duplicateRegions: duplicateRegions(write.rules) };
  }

  async edit(caller: Caller, biz: EndpointParsedBiz<Api['editFreightTemplate']>): Promise<EndpointAnswer<Api['editFreightTemplate']>> {
    const write = writeOf(biz);
    await this.checkRegions(write.rules);
    const row = await this.saving(() =>
      this.repository.transaction(async (repo) => {
        if (!(await repo.owned(caller.storeId, biz.templateId))) throw templateNotFound();
        if (write.isDefault) await repo.clearDefault(caller.storeId, biz.templateId);
        if (!(await repo.update(caller.storeId, biz.templateId, write, this.clock.now()))) throw templateNotFound();
        return (await repo.find(caller.storeId, biz.templateId))!;
      }),
    );
    return { template: templateView(row), duplicateRegions: duplicateRegions(write.rules) };
  }

  /** Refused while goods use it: 10100005 saying how many, with errInfo { templateId, goodsCount } for the link. */
  async delete(caller: Caller, templateId: number): Promise<{ templateId: number }> {
    if (await this.repository.deleteUnused(caller.storeId, templateId)) return { templateId };
    const row = await this.repository.find(caller.storeId, templateId);
    if (!row) throw templateNotFound();
    throw new StoreError(
      STORE_CODES.notAllowedInCurrentState,
      text(`有 ${row.goods_count} 个商品使用该运费模板，请先为它们更换模板`, `${row.goods_count} goods use this freight template; give them another template first`),
      { templateId, goodsCount: row.goods_count },
    );
  }

  async quote(caller: Caller, biz: EndpointParsedBiz<Api['freightQuote']>): Promise<EndpointAnswer<Api['freightQuote']>> {
    const row = await this.repository.find(caller.storeId, biz.templateId);
    if (!row) throw templateNotFound();
    const path = await this.repository.regionPath(biz.regionCode);
    if (path.length === 0) throw fieldErrors([{ field: 'regionCode', problem: { rule: 'option' } }]);
    const quote = quoteFreight(rulesOfRow(row), path.map((region) => region.cityCode), biz.items);
    return { ...quote, regionPath: path };
  }

  /** A concurrent save made another default between our clear and our write: say so, nothing saved. */
  private async saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new StoreError(STORE_CODES.notAllowedInCurrentState, text('另一个默认模板刚刚保存，请重试', 'another default template was saved meanwhile; please try again'));
      throw error;
    }
  }

  /** Every listed code is one of the common city list's, reported on its field. */
  private async checkRegions(rules: StoredRules): Promise<void> {
    const fields: Array<{ field: string; codes: string[] }> = [
      ...rules.regionGroups.map((group, index) => ({ field: `regionGroups.${index}.regionCodes`, codes: group.regionCodes })),
      ...rules.freeRules.map((free, index) => ({ field: `freeRules.${index}.regionCodes`, codes: free.regionCodes })),
      { field: 'excludedRegions', codes: rules.excludedRegions },
    ];
    const known = await this.repository.knownRegions(fields.flatMap((f) => f.codes));
    const problems = fields.filter((f) => f.codes.some((code) => !known.has(code))).map((f) => ({ field: f.field, problem: { rule: 'option' } as RuleProblem }));
    if (problems.length > 0) throw fieldErrors(problems);
  }
}

/** Whether a template of the store sells to the region: one whose excluded regions hold neither it nor a region above it. */
export async function templatesCover(repository: FreightRepository, storeId: number, regionCode: string): Promise<boolean> {
  const path = (await repository.regionPath(regionCode)).map((region) => region.cityCode);
  if (path.length === 0) return false;
  const templates = await repository.all(storeId);
  return templates.some((template) => !path.some((code) => template.rules.excludedRegions.includes(code)));
}
