import type { Kysely } from 'kysely';
import type { SupportedLanguage } from '@merchant/api-contracts';
import { categoryNameIn, porterageNameIn, porterageUnitIn, specLabelIn, unitNameIn } from '../../db/reference-names';
import type { StoreDatabase } from '../../db/schema';

/** Platform reference tables (read only), error reports, the operation log and the store's async tasks. */
export class CommonRepository {
  constructor(private readonly db: Kysely<StoreDatabase>) {}

  // Names of units, categories, specs and porterage items are in the caller's language (migration 0044).
  units(language: SupportedLanguage) {
    return this.db.selectFrom('ref_unit as u').select(['u.id', unitNameIn(language).as('unitName')]).where('u.enabled', '=', true).orderBy('u.id').execute();
  }

  technologies() {
    return this.db.selectFrom('ref_technology').select(['id', 'technology_name as technologyName']).orderBy('id').execute();
  }

  private categorySelect(language: SupportedLanguage) {
    return this.db.selectFrom('ref_category as c').select(['c.id', 'c.parent_id as parentId', categoryNameIn(language).as('categoryName'), 'c.level']).where('c.enabled', '=', true);
  }

  /** Enabled categories under a parent (0 = top level). */
  categoriesUnder(parentId: number, language: SupportedLanguage) {
    return this.categorySelect(language).where('c.parent_id', '=', parentId).orderBy('c.sort').execute();
  }

  enabledCategories(language: SupportedLanguage) {
    return this.categorySelect(language).orderBy('c.sort').execute();
  }

  storeCategories(storeId: number, language: SupportedLanguage) {
    return this.db
      .selectFrom('store_category_link as l')
      .innerJoin('ref_category as c', 'c.id', 'l.category_id')
      .select(['c.id', 'c.parent_id as parentId', categoryNameIn(language).as('categoryName')])
      .where('l.store_id', '=', storeId)
      .orderBy('c.id')
      .execute();
  }

  async categoryExists(categoryId: number): Promise<boolean> {
    return (await this.db.selectFrom('ref_category').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;
  }

  categorySpecs(categoryId: number, language: SupportedLanguage) {
    return this.db
      .selectFrom('ref_category_spec as s')
      .select(['s.id', 's.spec_name', 's.spec_values', 's.spec_value_labels_zh', specLabelIn(language).as('spec_label')])
      .where('s.category_id', '=', categoryId)
      .orderBy('s.id')
      .execute();
  }

  findEntryFee(cityCode: string, categoryId: number) {
    return this.db.selectFrom('ref_entry_fee').selectAll().where('city_code', '=', cityCode).where('category_id', '=', categoryId).executeTakeFirst();
  }

  skillPackages() {
    return this.db.selectFrom('ref_skill_package').selectAll().orderBy('id').execute();
  }

  porterage(language: SupportedLanguage) {
    return this.db
      .selectFrom('ref_porterage as p')
      .select(['p.id', porterageNameIn(language).as('porterage_name'), porterageUnitIn(language).as('unit_name'), 'p.price_cents'])
      .orderBy('p.id')
      .execute();
  }

  findSinglePage(code: string) {
    return this.db.selectFrom('ref_single_page').selectAll().where('page_code', '=', code).executeTakeFirst();
  }

  private citySelect() {
    return this.db.selectFrom('ref_city').select(['city_code as cityCode', 'parent_code as parentCode', 'city_name as cityName', 'level']);
  }

  cities(parentCode?: string) {
    let query = this.citySelect().orderBy('city_code');
    if (parentCode !== undefined) query = query.where('parent_code', '=', parentCode);
    return query.execute();
  }

  operateCities() {
    return this.citySelect().where('is_operate', '=', true).where('level', '=', 2).orderBy('city_code').execute();
  }

  findDistrict(districtCode: string) {
    return this.db.selectFrom('ref_city').selectAll().where('city_code', '=', districtCode).where('level', '=', 3).executeTakeFirst();
  }

  findOpenCity(cityCode: string) {
    return this.citySelect().where('city_code', '=', cityCode).where('is_open', '=', true).executeTakeFirst();
  }

  apps() {
    return this.db.selectFrom('ref_app').select(['app_id as appId', 'app_name as appName']).orderBy('app_id').execute();
  }

  adverts(position: string) {
    return this.db
      .selectFrom('ref_advert')
      .select(['id', 'title', 'image_url as imageUrl', 'link_url as linkUrl', 'sort'])
      .where('position', '=', position)
      .where('enabled', '=', true)
      .orderBy('sort')
      .execute();
  }

  dictionary(dictType: string) {
    return this.db.selectFrom('ref_dictionary').select(['dict_value as value', 'dict_label as label']).where('dict_type', '=', dictType).orderBy('dict_value').execute();
  }

  sowntowns(cityCode?: string) {
    let query = this.db.selectFrom('ref_sowntown').select(['id', 'city_code as cityCode', 'sowntown_name as sowntownName']).orderBy('id');
    if (cityCode) query = query.where('city_code', '=', cityCode);
    return query.execute();
  }

  findErrorReportConfig() {
    return this.db.selectFrom('store_error_report_config').selectAll().where('id', '=', 1).executeTakeFirst();
  }

  async insertErrorReport(storeId: number | null, report: unknown): Promise<number> {
    const row = await this.db.insertInto('store_error_report').values({ store_id: storeId, payload: JSON.stringify(report) }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async insertOperationLog(entry: { storeId: number | null; userId: number | null; operationType: string; startedAt: Date }): Promise<number> {
    const row = await this.db
      .insertInto('store_operation_log')
      .values({ store_id: entry.storeId, user_id: entry.userId, operation_type: entry.operationType, operation_start_time: entry.startedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A store reads only its own tasks. */
  findAsyncTask(storeId: number, id: number) {
    return this.db.selectFrom('store_async_task').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  }
}
