// Manifest entries of the inventory centre (console-spec §2 /inventoryCenter/serviceWarehouse). §6:
// service stores (storeType 3) do not see it, in the menu or by address (routes/storeTypeRules.ts).
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { PERMISSIONS } from '@merchant/api-contracts';
import type { ManifestRoute, RouteHandle } from '../../routes/routeHandle';

const pages = () => import('./InventoryPages');
type PageName = Exclude<keyof Awaited<ReturnType<typeof pages>>, 'default'>;

function screen(path: string, page: PageName, handle: RouteHandle): ManifestRoute {
  return { path, handle, lazy: () => pages().then((module) => ({ Component: module[page] })) };
}

const view = PERMISSIONS.inventoryView;
const edit = PERMISSIONS.inventoryEdit;

export const inventoryRoutes: ManifestRoute[] = [
  {
    path: '/inventoryCenter',
    handle: { title: 'inventory.menu.group', icon: WarehouseIcon },
    children: [
      {
        path: 'serviceWarehouse',
        children: [
          screen('inventoryCount', 'InventoryCountPage', { title: 'inventory.menu.count', permission: view }),
          screen('inventoryCount/detail', 'InventoryCountDetailPage', { title: 'inventory.menu.countDetail', permission: view, hidden: true }),
          screen('inventoryWarningConfig', 'WarningConfigPage', { title: 'inventory.menu.warningConfig', permission: view }),
          screen('inventoryWarningConfig/add', 'WarningConfigFormPage', { title: 'inventory.menu.warningConfigAdd', permission: edit, hidden: true, keepAlive: false }),
          screen('inventoryWarningConfig/edit', 'WarningConfigFormPage', { title: 'inventory.menu.warningConfigEdit', permission: edit, hidden: true, keepAlive: false }),
          screen('inventoryServiceWarning', 'ServiceWarningPage', { title: 'inventory.menu.serviceWarning', permission: view }),
          screen('inventoryServiceWarning/detail', 'ServiceWarningDetailPage', { title: 'inventory.menu.serviceWarningDetail', permission: view, hidden: true }),
          screen('inventoryList', 'InventoryListPage', { title: 'inventory.menu.list', permission: view }),
          screen('inventoryList/detail', 'InventoryListDetailPage', { title: 'inventory.menu.listDetail', permission: view, hidden: true }),
          screen('managedWarehousing', 'ManagedWarehousingPage', { title: 'inventory.menu.managed', permission: view }),
          screen('managedWarehousing/detail', 'ManagedWarehousingDetailPage', { title: 'inventory.menu.managedDetail', permission: view, hidden: true }),
          screen('outboundApplication', 'OutboundApplicationPage', { title: 'inventory.menu.outbound', permission: view }),
          screen('outboundApplication/detail', 'OutboundApplicationDetailPage', { title: 'inventory.menu.outboundDetail', permission: view, hidden: true }),
        ],
      },
    ],
  },
];
