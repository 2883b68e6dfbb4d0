import { inventoryEndpoints as e } from '@merchant/api-contracts';
import { contractRoute, type StoreRoute } from '../../http/route';
import type { InventoryService } from './inventory.service';

/** The inventory centre calls of docs/inventory.md, each registered from its contract. */
export function inventoryRoutes(inventory: InventoryService): StoreRoute[] {
  return [
    contractRoute(e.itemList, (biz, caller) => inventory.itemList(caller, biz)),
    contractRoute(e.itemDetail, (biz, caller) => inventory.itemDetail(caller, biz.itemId)),
    contractRoute(e.itemAdd, (biz, caller) => inventory.addItem(caller, biz.skuId, biz.warehouseName)),
    contractRoute(e.warningConfigList, (biz, caller) => inventory.warningConfigList(caller, biz)),
    contractRoute(e.warningConfigDetail, (biz, caller) => inventory.warningConfigDetail(caller, biz.configId)),
    contractRoute(e.warningConfigAdd, (biz, caller) => inventory.addWarningConfig(caller, biz)),
    contractRoute(e.warningConfigEdit, (biz, caller) => inventory.editWarningConfig(caller, biz)),
    contractRoute(e.serviceWarningList, (biz, caller) => inventory.serviceWarningList(caller, biz)),
    contractRoute(e.serviceWarningDetail, (biz, caller) => inventory.serviceWarningDetail(caller, biz.warningId)),
    contractRoute(e.serviceWarningHandle, (biz, caller) => inventory.handleWarnings(caller, biz.warningIds)),
    contractRoute(e.countList, (biz, caller) => inventory.countList(caller, biz)),
    contractRoute(e.countDetail, (biz, caller) => inventory.countDetail(caller, biz.countId)),
    contractRoute(e.countCreate, (biz, caller) => inventory.createCount(caller, biz)),
    contractRoute(e.countComplete, (biz, caller) => inventory.completeCount(caller, biz)),
    contractRoute(e.countCancel, (biz, caller) => inventory.cancelCount(caller, biz.countId)),
    contractRoute(e.inboundList, (biz, caller) => inventory.orderList(caller, 1, biz)),
    contractRoute(e.inboundDetail, (biz, caller) => inventory.orderDetail(caller, 1, biz.orderId)),
    contractRoute(e.inboundCreate, (biz, caller) => inventory.createOrder(caller, 1, biz)),
    contractRoute(e.inboundReceive, (biz, caller) => inventory.completeOrder(caller, 1, biz.orderId)),
    contractRoute(e.inboundCancel, (biz, caller) => inventory.cancelOrder(caller, 1, biz.orderId)),
    contractRoute(e.outboundList, (biz, caller) => inventory.orderList(caller, 2, biz)),
    contractRoute(e.outboundDetail, (biz, caller) => inventory.orderDetail(caller, 2, biz.orderId)),
    contractRoute(e.outboundCreate, (biz, caller) => inventory.createOrder(caller, 2, biz)),
    contractRoute(e.outboundDispatch, (biz, caller) => inventory.completeOrder(caller, 2, biz.orderId)),
    contractRoute(e.outboundCancel, (biz, caller) => inventory.cancelOrder(caller, 2, biz.orderId)),
  ];
}
