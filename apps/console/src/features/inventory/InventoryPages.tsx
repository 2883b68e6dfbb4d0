// The inventory-centre screens, generated from their definitions (docs/resource-pages.md).
import { ResourceDetailPage, ResourceFormPage, ResourceListPage } from '../../resource-kit';
import { inventoryCount } from './resources/inventoryCount';
import { inventoryList } from './resources/inventoryList';
import { managedWarehousing, outboundApplication } from './resources/orders';
import { serviceWarning } from './resources/serviceWarning';
import { warningConfig } from './resources/warningConfig';

export const InventoryCountPage = () => <ResourceListPage resource={inventoryCount} />;
export const InventoryCountDetailPage = () => <ResourceDetailPage resource={inventoryCount} titleKey="inventory.menu.countDetail" />;
export const WarningConfigPage = () => <ResourceListPage resource={warningConfig} />;
export const WarningConfigFormPage = () => <ResourceFormPage resource={warningConfig} createTitleKey="inventory.menu.warningConfigAdd" editTitleKey="inventory.menu.warningConfigEdit" />;
export const ServiceWarningPage = () => <ResourceListPage resource={serviceWarning} />;
export const ServiceWarningDetailPage = () => <ResourceDetailPage resource={serviceWarning} titleKey="inventory.menu.serviceWarningDetail" />;
export const InventoryListPage = () => <ResourceListPage resource={inventoryList} savedViews />;
export const InventoryListDetailPage = () => <ResourceDetailPage resource={inventoryList} titleKey="inventory.menu.listDetail" />;
export const ManagedWarehousingPage = () => <ResourceListPage resource={managedWarehousing} />;
export const ManagedWarehousingDetailPage = () => <ResourceDetailPage resource={managedWarehousing} titleKey="inventory.menu.managedDetail" />;
export const OutboundApplicationPage = () => <ResourceListPage resource={outboundApplication} />;
export const OutboundApplicationDetailPage = () => <ResourceDetailPage resource={outboundApplication} titleKey="inventory.menu.outboundDetail" />;
