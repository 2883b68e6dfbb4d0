import type { Kysely } from 'kysely';
import type { StoreDatabase } from '../../db/schema';
import type { Caller } from '../../http/route';
import { toEpochSeconds } from '../../shared/clock';
import type { LocalizedText } from '@merchant/api-contracts';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import type { DICTIONARY_TYPES, OPERATION_TYPES } from './common.schemas';

const notFound = (what: LocalizedText) => new StoreError(STORE_CODES.notFound, text(`${what['zh-CN']}不存在`, `${what['en-US']} not found`));

/** Platform reference lists, error reports, the operation log and async tasks. */
export class CommonService {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  async units() {
    const list = await this.db.selectFrom('ref_unit').select(['id', 'unit_name as unitName']).where('enabled', '=', true).orderBy('id').execute();
    return { list };
  }

  async technologies() {
    return { list: await this.db.selectFrom('ref_technology').select(['id', 'technology_name as technologyName']).orderBy('id').execute() };
  }

  /** Enabled categories under a parent (0 = top level). */
  async categories(parentId: number) {
    const list = await this.db
      .selectFrom('ref_category')
      .select(['id', 'parent_id as parentId', 'category_name as categoryName', 'level'])
      .where('parent_id', '=', parentId)
      .where('enabled', '=', true)
      .orderBy('sort')
      .execute();
    return { list };
  }

  /** The whole enabled tree, for the backend category loader. */
  async categoryTree() {
    const rows = await this.db
      .selectFrom('ref_category')
      .select(['id', 'parent_id as parentId', 'category_name as categoryName', 'level'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .execute();
    return { list: rows.filter((r) => r.parentId === 0).map((top) => ({ ...top, children: rows.filter((r) => r.parentId === top.id) })) };
  }

  async storeCategories(caller: Caller) {
    const list = await this.db
      .selectFrom('store_category_link as l')
      .innerJoin('ref_category as c', 'c.id', 'l.category_id')
      .select(['c.id', 'c.parent_id as parentId', 'c.category_name as categoryName'])
      .where('l.store_id', '=', caller.storeId)
      .orderBy('c.id')
      .execute();
    return { list };
  }

  async categorySpecs(categoryId: number) {
    const category = await this.db.selectFrom('ref_category').select('id').where('id', '=', categoryId).executeTakeFirst();
    if (!category) throw notFound(text('类目', 'category'));
    const rows = await this.db.selectFrom('ref_category_spec').select(['id', 'spec_name', 'spec_values']).where('category_id', '=', categoryId).orderBy('id').execute();
    return { list: rows.map((r) => ({ id: r.id, specName: r.spec_name, specValues: r.spec_values })) };
  }

  async entryFee(cityCode: string, categoryId: number) {
    const row = await this.db.selectFrom('ref_entry_fee').selectAll().where('city_code', '=', cityCode).where('category_id', '=', categoryId).executeTakeFirst();
    if (!row) throw notFound(text('该城市和类目的入驻费', 'entry fee for this city and category'));
    return { cityCode, categoryId, entryFee: Number(row.fee_cents), deposit: Number(row.deposit_cents) };
  }

  async skillPackages() {
    const rows = await this.db.selectFrom('ref_skill_package').selectAll().orderBy('id').execute();
    return { list: rows.map((r) => ({ id: r.id, packageName: r.package_name, price: Number(r.price_cents), description: r.description })) };
  }

  async porterage() {
    const rows = await this.db.selectFrom('ref_porterage').selectAll().orderBy('id').execute();
    return { list: rows.map((r) => ({ id: r.id, porterageName: r.porterage_name, unitName: r.unit_name, price: Number(r.price_cents) })) };
  }

  async singlePage(code: string) {
    const row = await this.db.selectFrom('ref_single_page').selectAll().where('page_code', '=', code).executeTakeFirst();
    if (!row) throw notFound(text('页面', 'page'));
    return { code: row.page_code, title: row.title, content: row.content };
  }

  private citySelect() {
    return this.db.selectFrom('ref_city').select(['city_code as cityCode', 'parent_code as parentCode', 'city_name as cityName', 'level']);
  }

  async cities(parentCode?: string) {
    let query = this.citySelect().orderBy('city_code');
    if (parentCode !== undefined) query = query.where('parent_code', '=', parentCode);
    return { list: await query.execute() };
  }

  async operateCities() {
    return { list: await this.citySelect().where('is_operate', '=', true).where('level', '=', 2).orderBy('city_code').execute() };
  }

  /** The open city a district belongs to, or null when the platform is not open there. */
  async openCityByDistrict(districtCode: string) {
    const district = await this.db.selectFrom('ref_city').selectAll().where('city_code', '=', districtCode).where('level', '=', 3).executeTakeFirst();
    if (!district) throw notFound(text('区县', 'district'));
    const city = await this.citySelect().where('city_code', '=', district.parent_code).where('is_open', '=', true).executeTakeFirst();
    return city ?? null;
  }

  async apps() {
    return { list: await this.db.selectFrom('ref_app').select(['app_id as appId', 'app_name as appName']).orderBy('app_id').execute() };
  }

  async adverts(position: string) {
    const list = await this.db
      .selectFrom('ref_advert')
      .select(['id', 'title', 'image_url as imageUrl', 'link_url as linkUrl', 'sort'])
      .where('position', '=', position)
      .where('enabled', '=', true)
      .orderBy('sort')
      .execute();
    return { list };
  }

  async dictionary(dictType: (typeof DICTIONARY_TYPES)[number]) {
    const list = await this.db.selectFrom('ref_dictionary').select(['dict_value as value', 'dict_label as label']).where('dict_type', '=', dictType).orderBy('dict_value').execute();
    return { list };
  }

  async sowntowns(cityCode?: string) {
    let query = this.db.selectFrom('ref_sowntown').select(['id', 'city_code as cityCode', 'sowntown_name as sowntownName']).orderBy('id');
    if (cityCode) query = query.where('city_code', '=', cityCode);
    return { list: await query.execute() };
  }

  async storeSowntownExists(caller: Caller) {
    const row = await this.db.selectFrom('store_sowntown_link').select('sowntown_id').where('store_id', '=', caller.storeId).executeTakeFirst();
    return { exists: row !== undefined };
  }

  async errorReportConfig() {
    const row = await this.db.selectFrom('store_error_report_config').selectAll().where('id', '=', 1).executeTakeFirst();
    return { cacheNumber: row?.cache_number ?? 0, errorCodeList: row?.error_codes ?? [] };
  }

  async insertErrorReport(storeId: number | null, report: unknown) {
    const row = await this.db.insertInto('store_error_report').values({ store_id: storeId, payload: JSON.stringify(report) }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id };
  }

  async insertOperationLog(caller: Caller | null, operationType: (typeof OPERATION_TYPES)[number], operationStartTime: number) {
    const row = await this.db
      .insertInto('store_operation_log')
      .values({
        store_id: caller?.storeId ?? null,
        user_id: caller?.userId ?? null,
        operation_type: operationType,
        operation_start_time: new Date(operationStartTime * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id };
  }

  /** console-spec §3/§4 async task: a store reads only its own tasks. */
  async asyncTask(caller: Caller, id: number) {
    const row = await this.db.selectFrom('store_async_task').selectAll().where('id', '=', id).where('store_id', '=', caller.storeId).executeTakeFirst();
    if (!row) return null; // the client shows "no data obtained"
    return { id: row.id, status: row.status, failReason: row.fail_reason ?? '', result: row.result ?? null, createTime: toEpochSeconds(row.created_at) };
  }
}
