// The goods list screens, generated from their definitions (docs/resource-pages.md).
import { ResourceListPage, listPrefetch } from '../../../resource-kit';
import { goodsDraft } from './goodsDraft';
import { goodsList } from './goodsList';
import { inventoryWarning } from './inventoryWarning';
import { salesInventory } from './salesInventory';
import { StockCheckBanner } from './StockCheckBanner';

/** The goods list's first page, started when its route matches (resource-kit/listPrefetch.ts). */
export const prefetchGoodsList = listPrefetch(goodsList);

export function GoodsListPage() {
  return <ResourceListPage resource={goodsList} savedViews />;
}

export function GoodsDraftPage() {
  return <ResourceListPage resource={goodsDraft} />;
}

export function SalesInventoryPage() {
  return <ResourceListPage resource={salesInventory} savedViews header={<StockCheckBanner />} />;
}

export function InventoryWarningPage() {
  return <ResourceListPage resource={inventoryWarning} />;
}
