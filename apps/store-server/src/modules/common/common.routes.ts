import { ERROR_REPORT_CONFIG_PATH, ERROR_REPORT_INSERT_PATH, OPERATION_LOG_PATH } from '@merchant/secure-transport/server';
import { z } from 'zod';
import { publicRoute, userRoute, type Caller, type RouteDependencies, type StoreRoute } from '../../http/route';
import type { CommonService } from './common.service';
import {
  advertBiz,
  asyncTaskBiz,
  categoryIdBiz,
  categoryListBiz,
  cityListBiz,
  dictionaryBiz,
  districtBiz,
  entryFeeBiz,
  errorReportBiz,
  operationLogBiz,
  singlePageBiz,
  sowntownListBiz,
} from './common.schemas';

const none = z.object({});
const COMMON = '/v1/store/common';

/** A caller when the request carries a valid token, else null (calls allowed before sign-in). */
async function optionalCaller(deps: RouteDependencies, accessToken: string): Promise<Caller | null> {
  if (!accessToken) return null;
  try {
    return await deps.resolveCaller(accessToken);
  } catch {
    return null;
  }
}

/** Like publicRoute, but attributes the entry to the signed-in store when there is one. */
function attributedRoute<S extends z.ZodType, T>(path: string, biz: S, handle: (input: z.output<S>, caller: Caller | null) => Promise<T>): StoreRoute {
  return {
    path,
    register(app, deps) {
      publicRoute(path, biz, async (input, ctx) => handle(input, await optionalCaller(deps, ctx.accessToken))).register(app, deps);
    },
  };
}

/** console-spec §7 "Common" calls, error reports and the operation log (paths the spec leaves open: docs/api.md). */
export function commonRoutes(common: CommonService): StoreRoute[] {
  return [
    publicRoute(`${COMMON}/unit/searchAllEnableUnitList`, none, () => common.units()),
    publicRoute(`${COMMON}/technology/list`, none, () => common.technologies()),
    publicRoute(`${COMMON}/category/specList`, categoryIdBiz, (b) => common.categorySpecs(b.categoryId)),
    publicRoute(`${COMMON}/entryFee/getEntryFee`, entryFeeBiz, (b) => common.entryFee(b.cityCode, b.categoryId)),
    publicRoute(`${COMMON}/skillPackage/list`, none, () => common.skillPackages()),
    publicRoute(`${COMMON}/porterage/list`, none, () => common.porterage()),
    publicRoute(`${COMMON}/singlePage/getByCode`, singlePageBiz, (b) => common.singlePage(b.code)),
    publicRoute(`${COMMON}/city/list`, cityListBiz, (b) => common.cities(b.parentCode)),
    publicRoute(`${COMMON}/city/operateCityList`, none, () => common.operateCities()),
    publicRoute(`${COMMON}/city/getOpenCityByDistrictCode`, districtBiz, (b) => common.openCityByDistrict(b.districtCode)),
    publicRoute(`${COMMON}/app/list`, none, () => common.apps()),
    publicRoute(`${COMMON}/advert/list`, advertBiz, (b) => common.adverts(b.position)),
    publicRoute(`${COMMON}/dictionary/list`, dictionaryBiz, (b) => common.dictionary(b.dictType)),
    userRoute(`${COMMON}/asyncTask/queryById`, asyncTaskBiz, (b, caller) => common.asyncTask(caller, b.id)),
    publicRoute('/v1/store/eshop/expand/category/list', categoryListBiz, (b) => common.categories(b.parentId)),
    publicRoute('/v1/store/eshop/expand/category/tree', none, () => common.categoryTree()),
    userRoute('/v1/store/eshop/expand/category/getStoreCategoryList', none, (_b, caller) => common.storeCategories(caller)),
    publicRoute('/v1/store/base/sowntown/ftBasSowntownStore/querySowntownList', sowntownListBiz, (b) => common.sowntowns(b.cityCode)),
    userRoute('/v1/store/eshop/sowntown/existsStoreSowntown', none, (_b, caller) => common.storeSowntownExists(caller)),
    publicRoute(ERROR_REPORT_CONFIG_PATH, none, () => common.errorReportConfig()),
    attributedRoute(ERROR_REPORT_INSERT_PATH, errorReportBiz, (b, caller) => common.insertErrorReport(caller?.storeId ?? null, b)),
    attributedRoute(OPERATION_LOG_PATH, operationLogBiz, (b, caller) => common.insertOperationLog(caller, b.operationType, b.operationStartTime)),
  ];
}
