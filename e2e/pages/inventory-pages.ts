import type { Page } from '@playwright/test';
import { ResourceListPage } from './resource-list-page';

const BASE = '/inventoryCenter/serviceWarehouse';

/** The six inventory-centre lists (issue 9 §4): resource key, path, menu title (en-US). */
export const INVENTORY_SCREENS = [
  { key: 'inventory.count', path: `${BASE}/inventoryCount`, title: 'Inventory counts' },
  { key: 'inventory.config', path: `${BASE}/inventoryWarningConfig`, title: 'Warning settings' },
  { key: 'inventory.warning', path: `${BASE}/inventoryServiceWarning`, title: 'Warehouse warnings' },
  { key: 'inventory.item', path: `${BASE}/inventoryList`, title: 'Inventory' },
  { key: 'inventory.inbound', path: `${BASE}/managedWarehousing`, title: 'Managed warehousing' },
  { key: 'inventory.outbound', path: `${BASE}/outboundApplication`, title: 'Outbound applications' },
] as const;

export function inventoryScreen(page: Page, consoleUrl: string, screen: (typeof INVENTORY_SCREENS)[number]) {
  return new ResourceListPage(page, consoleUrl, screen.key, screen.path);
}

export function detailField(page: Page, field: string) {
  return page.getByTestId(`detail-${field}`);
}
