// Inventory-centre calls (libs/api-contracts inventory.ts, docs/inventory.md), typed by their contracts.
import { inventoryEndpoints as I, type EndpointBiz as Biz, type EndpointData as Data } from '@merchant/api-contracts';
import { consoleApi } from '../../app/api';
import { contractMutation, contractQuery } from '../../resource-kit';

type E = typeof I;
const TAGS = ['InventoryItem', 'InventoryWarning', 'InventoryCount', 'InventoryOrder'] as const;
/** What a stock movement changes: the items' quantities, their warnings, and the document it completes. */
const MOVES = [...TAGS];

export const inventoryApi = consoleApi.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    inventoryItems: build.query<Data<E['itemList']>, Biz<E['itemList']>>(contractQuery(I.itemList, ['InventoryItem'])),
    inventoryItem: build.query<Data<E['itemDetail']>, Biz<E['itemDetail']>>(contractQuery(I.itemDetail, ['InventoryItem'])),
    addInventoryItem: build.mutation<Data<E['itemAdd']>, Biz<E['itemAdd']>>(contractMutation(I.itemAdd, ['InventoryItem'])),
    warningConfigs: build.query<Data<E['warningConfigList']>, Biz<E['warningConfigList']>>(contractQuery(I.warningConfigList, ['InventoryWarning'])),
    warningConfig: build.query<Data<E['warningConfigDetail']>, Biz<E['warningConfigDetail']>>(contractQuery(I.warningConfigDetail, ['InventoryWarning'])),
    addWarningConfig: build.mutation<Data<E['warningConfigAdd']>, Biz<E['warningConfigAdd']>>(contractMutation(I.warningConfigAdd, ['InventoryWarning', 'InventoryItem'])),
    editWarningConfig: build.mutation<Data<E['warningConfigEdit']>, Biz<E['warningConfigEdit']>>(contractMutation(I.warningConfigEdit, ['InventoryWarning', 'InventoryItem'])),
    serviceWarnings: build.query<Data<E['serviceWarningList']>, Biz<E['serviceWarningList']>>(contractQuery(I.serviceWarningList, ['InventoryWarning'])),
    serviceWarning: build.query<Data<E['serviceWarningDetail']>, Biz<E['serviceWarningDetail']>>(contractQuery(I.serviceWarningDetail, ['InventoryWarning'])),
    handleServiceWarnings: build.mutation<Data<E['serviceWarningHandle']>, Biz<E['serviceWarningHandle']>>(contractMutation(I.serviceWarningHandle, ['InventoryWarning'])),
    inventoryCounts: build.query<Data<E['countList']>, Biz<E['countList']>>(contractQuery(I.countList, ['InventoryCount'])),
    inventoryCount: build.query<Data<E['countDetail']>, Biz<E['countDetail']>>(contractQuery(I.countDetail, ['InventoryCount'])),
    createInventoryCount: build.mutation<Data<E['countCreate']>, Biz<E['countCreate']>>(contractMutation(I.countCreate, ['InventoryCount'])),
    // Counted quantities become the items' quantities, and may fire or close warnings.
    completeInventoryCount: build.mutation<Data<E['countComplete']>, Biz<E['countComplete']>>(contractMutation(I.countComplete, MOVES)),
    cancelInventoryCount: build.mutation<Data<E['countCancel']>, Biz<E['countCancel']>>(contractMutation(I.countCancel, ['InventoryCount'])),
    inboundOrders: build.query<Data<E['inboundList']>, Biz<E['inboundList']>>(contractQuery(I.inboundList, ['InventoryOrder'])),
    inboundOrder: build.query<Data<E['inboundDetail']>, Biz<E['inboundDetail']>>(contractQuery(I.inboundDetail, ['InventoryOrder'])),
    createInbound: build.mutation<Data<E['inboundCreate']>, Biz<E['inboundCreate']>>(contractMutation(I.inboundCreate, ['InventoryOrder'])),
    receiveInbound: build.mutation<Data<E['inboundReceive']>, Biz<E['inboundReceive']>>(contractMutation(I.inboundReceive, MOVES)),
    cancelInbound: build.mutation<Data<E['inboundCancel']>, Biz<E['inboundCancel']>>(contractMutation(I.inboundCancel, ['InventoryOrder'])),
    outboundOrders: build.query<Data<E['outboundList']>, Biz<E['outboundList']>>(contractQuery(I.outboundList, ['InventoryOrder'])),
    outboundOrder: build.query<Data<E['outboundDetail']>, Biz<E['outboundDetail']>>(contractQuery(I.outboundDetail, ['InventoryOrder'])),
    createOutbound: build.mutation<Data<E['outboundCreate']>, Biz<E['outboundCreate']>>(contractMutation(I.outboundCreate, ['InventoryOrder'])),
    dispatchOutbound: build.mutation<Data<E['outboundDispatch']>, Biz<E['outboundDispatch']>>(contractMutation(I.outboundDispatch, MOVES)),
    cancelOutbound: build.mutation<Data<E['outboundCancel']>, Biz<E['outboundCancel']>>(contractMutation(I.outboundCancel, ['InventoryOrder'])),
  }),
});
