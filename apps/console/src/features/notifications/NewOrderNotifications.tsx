// Mounted once in the signed-in shell: keeps the store's event stream open (decision 0006) while
// the user may see orders, raises a notice with a link to each newly paid order, and counts them
// for the orders menu badge until the order list is opened.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import { hasPermission, PERMISSIONS, STORE_CODES } from '@merchant/api-contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addFeatureMessages } from '../../app/i18n';
import { notify } from '../../app/notificationsSlice';
import { useRuntimeConfig } from '../../app/runtimeConfigContext';
import { ORDER_PATHS, orderAddress } from '../orders/paths';
import { notificationsApi, ORDER_CACHE_TAG } from './api';
import { newOrderMessages } from './messages';
import { newOrderArrived, newOrdersSeen } from './newOrdersSlice';
import { shareStoreEventStream, type TabChannel, type TabLocks } from './sharedStoreEvents';
import { connectStoreEventStream } from './storeEventStream';

/** Refusals that another ticket would not change: no permission, or the session is gone (§8 signs out). */
const FINAL_TICKET_REFUSALS: readonly string[] = [STORE_CODES.permissionDenied, STORE_CODES.tokenInvalid];
/** This browser's tab coordination, when it has it (decision 0006: one stream per store, not per tab). */
const browserLocks = (): TabLocks | null => (typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as TabLocks) : null);
const browserChannel = () => (typeof BroadcastChannel === 'function' ? (name: string) => new BroadcastChannel(name) as unknown as TabChannel : null);

const isFinalRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && FINAL_TICKET_REFUSALS.includes(String((error as { code?: unknown }).code));

export function NewOrderNotifications() {
  const { i18n } = useTranslation();
  useState(() => addFeatureMessages(i18n, [newOrderMessages], { silent: true }));
  const dispatch = useAppDispatch();
  const { apiBase } = useRuntimeConfig();
  const { pathname } = useLocation();
  const user = useAppSelector((state) => state.auth.user);
  const mayViewOrders = !!user && hasPermission(user.permissions ?? [], PERMISSIONS.orderView);
  const storeKey = user?.uid ?? '';
  const onOrderList = pathname === ORDER_PATHS.list;
  const onOrderListRef = useRef(onOrderList);
  onOrderListRef.current = onOrderList;

  useEffect(() => {
    if (onOrderList) dispatch(newOrdersSeen());
  }, [dispatch, onOrderList, pathname]);

  useEffect(() => {
    // No EventSource (an old browser, or jsdom): no live notices; the lists still show new orders.
    if (!mayViewOrders || typeof EventSource === 'undefined') return undefined;
    const stream = shareStoreEventStream({
      storeKey,
      locks: browserLocks(),
      createChannel: browserChannel(),
      connect: (onOrderPaid) =>
        connectStoreEventStream({
          apiBase,
          isFinalRefusal,
          fetchTicket: () => dispatch(notificationsApi.endpoints.createEventStreamTicket.initiate()).unwrap(),
          onOrderPaid,
        }),
      onOrderPaid: (order) => {
        // On the order list the refreshed list shows it: nothing left unseen.
        if (!onOrderListRef.current) dispatch(newOrderArrived());
        // Open order screens (kept alive in the tags bar) show it without a manual refresh.
        dispatch(notificationsApi.util.invalidateTags([ORDER_CACHE_TAG]));
        dispatch(
          notify({
            topic: 'newOrder',
            severity: 'info',
            message: 'newOrders.paid',
            translate: true,
            link: { to: orderAddress(ORDER_PATHS.details, order.orderId), labelKey: 'newOrders.viewOrder' },
          }),
        );
      },
    });
    return () => stream.close();
  }, [apiBase, dispatch, mayViewOrders, storeKey]);

  return null;
}

/** The count beside the order list's menu entry; nothing on other entries or at 0. */
export function OrdersMenuBadge({ path }: { path: string }) {
  const { t } = useTranslation();
  const unseen = useAppSelector((state) => state.newOrders.unseen);
  if (path !== ORDER_PATHS.list || unseen === 0) return null;
  return <Badge badgeContent={unseen} max={99} color="error" aria-label={t('newOrders.badge', { count: unseen })} data-testid="new-orders-badge" sx={{ mr: 1.5 }} />;
}
