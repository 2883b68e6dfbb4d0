import type { LocalizedText, SupportedLanguage } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { specValueLabelIn } from '../../db/reference-names';
import { epochSecondsOf } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { CommonRepository } from './common.repository';
import type { DictionaryType, OperationType } from './common.schemas';

const notFound = (what: LocalizedText) => new StoreError(STORE_CODES.notFound, text(`${what['zh-CN']}不存在`, `${what['en-US']} not found`));

/** Platform reference lists, error reports, the operation log and async tasks. */
export class CommonService {
  constructor(private readonly repository: CommonRepository) {}

  async units(language: SupportedLanguage) {
    return { list: await this.repository.units(language) };
  }

  async technologies() {
    return { list: await this.repository.technologies() };
  }

  /** Enabled categories under a parent (0 = top level). */
  async categories(parentId: number, language: SupportedLanguage) {
    return { list: await this.repository.categoriesUnder(parentId, language) };
  }

  /** The whole enabled tree, for the backend category loader. */
  async categoryTree(language: SupportedLanguage) {
    const rows = await this.repository.enabledCategories(language);
    return { list: rows.filter((r) => r.parentId === 0).map((top) => ({ ...top, children: rows.filter((r) => r.parentId === top.id) })) };
  }

  async storeCategories(caller: Caller, language: SupportedLanguage) {
    return { list: await this.repository.storeCategories(caller.storeId, language) };
  }

  /**
   * A category's specs: `specName` and `specValues` are the keys goods and SKUs store (never translated);
   * `specLabel` and `specValueLabels` are what the merchant reads, in the caller's language (docs/goods.md).
   */
  async categorySpecs(categoryId: number, language: SupportedLanguage) {
    if (!(await this.repository.categoryExists(categoryId))) throw notFound(text('类目', 'category'));
    const rows = await this.repository.categorySpecs(categoryId, language);
    return {
      list: rows.map((r) => ({
        id: r.id,
        specName: r.spec_name,
        specValues: r.spec_values,
        specLabel: r.spec_label,
        specValueLabels: Object.fromEntries(r.spec_values.map((value) => [value, specValueLabelIn(language, r.spec_value_labels_zh, value)])),
      })),
    };
  }

  async entryFee(cityCode: string, categoryId: number) {
    const row = await this.repository.findEntryFee(cityCode, categoryId);
    if (!row) throw notFound(text('该城市和类目的入驻费', 'entry fee for this city and category'));
    return { cityCode, categoryId, entryFee: Number(row.fee_cents), deposit: Number(row.deposit_cents) };
  }

  async skillPackages() {
    const rows = await this.repository.skillPackages();
    return { list: rows.map((r) => ({ id: r.id, packageName: r.package_name, price: Number(r.price_cents), description: r.description })) };
  }

  async porterage(language: SupportedLanguage) {
    const rows = await this.repository.porterage(language);
    return { list: rows.map((r) => ({ id: r.id, porterageName: r.porterage_name, unitName: r.unit_name, price: Number(r.price_cents) })) };
  }

  async singlePage(code: string) {
    const row = await this.repository.findSinglePage(code);
    if (!row) throw notFound(text('页面', 'page'));
    return { code: row.page_code, title: row.title, content: row.content };
  }

  async cities(parentCode?: string) {
    return { list: await this.repository.cities(parentCode) };
  }

  async operateCities() {
    return { list: await this.repository.operateCities() };
  }

  /** The open city a district belongs to, or null when the platform is not open there. */
  async openCityByDistrict(districtCode: string) {
    const district = await this.repository.findDistrict(districtCode);
    if (!district) throw notFound(text('区县', 'district'));
    return (await this.repository.findOpenCity(district.parent_code)) ?? null;
  }

  async apps() {
    return { list: await this.repository.apps() };
  }

  async adverts(position: string) {
    return { list: await this.repository.adverts(position) };
  }

  async dictionary(dictType: DictionaryType) {
    return { list: await this.repository.dictionary(dictType) };
  }

  async sowntowns(cityCode?: string) {
    return { list: await this.repository.sowntowns(cityCode) };
  }

  async errorReportConfig() {
    const row = await this.repository.findErrorReportConfig();
    return { cacheNumber: row?.cache_number ?? 0, errorCodeList: row?.error_codes ?? [] };
  }

  async insertErrorReport(storeId: number | null, report: unknown) {
    return { id: await this.repository.insertErrorReport(storeId, report) };
  }

  async insertOperationLog(caller: Caller | null, operationType: OperationType, operationStartTime: number) {
    const id = await this.repository.insertOperationLog({
      storeId: caller?.storeId ?? null,
      userId: caller?.userId ?? null,
      operationType,
      startedAt: new Date(operationStartTime * 1000),
    });
    return { id };
  }

  /** console-spec §3/§4 async task: a store reads only its own tasks. */
  async asyncTask(caller: Caller, id: number) {
    const row = await this.repository.findAsyncTask(caller.storeId, id);
    if (!row) return null; // the client shows "no data obtained"
    return { id: row.id, status: row.status, failReason: row.fail_reason ?? '', result: row.result ?? null, createTime: epochSecondsOf(row.created_at) };
  }
}
