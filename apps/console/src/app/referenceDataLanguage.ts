// Reference data (units, categories, category specs, porterage items) comes named in the language the request
// was sent in (Accept-Language; issue 35 §8, docs/goods.md "Reference data in two languages"). A language
// switch refetches the ones already loaded, so the screen on view and the cached lists follow it at once
// instead of keeping the old language until their cache expires.
import type { i18n as I18n } from 'i18next';
import { consoleApi } from './api';
import type { AppStore } from './store';

/**
 * The console's queries whose answers store-server names from reference data, by endpoint name: the reference lists
 * (app/storeInit, goods/release, shop/cartage), the goods lists' category names and the SKU rows' spec labels
 * (goods/api: specLabels, docs/goods.md), and the promotions' SKU lines (marketing: flash sales, group buys, activity
 * applications).
 */
export const REFERENCE_DATA_QUERIES: readonly string[] = [
  'categoryTree',
  'categorySpecs',
  'enabledUnits',
  'porterageList',
  'goodsList',
  'goodsDraftList',
  'skuStockList',
  'stockWarningList',
  'flashSaleDetails',
  'groupBuyList',
  'groupBuyDetails',
  'activityDetails',
];

type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => unknown;

export function refetchReferenceDataOnLanguageChange(store: AppStore, i18n: I18n): () => void {
  const refetch = () => {
    const endpoints = consoleApi.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
    for (const entry of Object.values(store.getState()[consoleApi.reducerPath].queries)) {
      const name = entry?.endpointName;
      if (!entry || !name || !REFERENCE_DATA_QUERIES.includes(name) || entry.status === 'pending') continue;
      const endpoint = endpoints[name];
      if (endpoint) void store.dispatch(endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }) as never);
    }
  };
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}
