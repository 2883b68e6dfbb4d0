import { commonEndpoints as api } from '@merchant/api-contracts';
import { callerLanguage, contractRoute, type StoreRoute } from '../../http/route';
import type { CommonService } from './common.service';

/** console-spec §7 "Common" calls, error reports and the operation log (contracts: @merchant/api-contracts endpoints/common). */
export function commonRoutes(common: CommonService): StoreRoute[] {
  return [
    contractRoute(api.units, (_b, ctx) => common.units(callerLanguage(ctx.request))),
    contractRoute(api.technologies, () => common.technologies()),
    contractRoute(api.categorySpecs, (b, ctx) => common.categorySpecs(b.categoryId, callerLanguage(ctx.request))),
    contractRoute(api.entryFee, (b) => common.entryFee(b.cityCode, b.categoryId)),
    contractRoute(api.skillPackages, () => common.skillPackages()),
    contractRoute(api.porterage, (_b, ctx) => common.porterage(callerLanguage(ctx.request))),
    contractRoute(api.singlePage, (b) => common.singlePage(b.code)),
    contractRoute(api.cities, (b) => common.cities(b.parentCode)),
    contractRoute(api.operateCities, () => common.operateCities()),
    contractRoute(api.openCityByDistrict, (b) => common.openCityByDistrict(b.districtCode)),
    contractRoute(api.apps, () => common.apps()),
    contractRoute(api.adverts, (b) => common.adverts(b.position)),
    contractRoute(api.dictionary, (b) => common.dictionary(b.dictType)),
    contractRoute(api.asyncTask, (b, caller) => common.asyncTask(caller, b.id)),
    contractRoute(api.categories, (b, ctx) => common.categories(b.parentId, callerLanguage(ctx.request))),
    contractRoute(api.categoryTree, (_b, ctx) => common.categoryTree(callerLanguage(ctx.request))),
    contractRoute(api.storeCategories, (_b, caller, ctx) => common.storeCategories(caller, callerLanguage(ctx.request))),
    contractRoute(api.sowntowns, (b) => common.sowntowns(b.cityCode)),
    contractRoute(api.errorReportConfig, () => common.errorReportConfig()),
    // Calls allowed before sign-in that still attribute the entry to the signed-in store when there is one.
    contractRoute(api.errorReportInsert, async (b, ctx) => common.insertErrorReport((await ctx.optionalCaller())?.storeId ?? null, b)),
    contractRoute(api.operationLog, async (b, ctx) => common.insertOperationLog(await ctx.optionalCaller(), b.operationType, b.operationStartTime)),
  ];
}
