// Texts of the new-order notice and the orders menu badge (issue 11 "Real-time new orders").
export const newOrderMessages = {
  'zh-CN': {
    newOrders: {
      paid: '您有一笔新的已付款订单',
      viewOrder: '查看订单',
      badge_other: '{{count}} 笔新订单',
    },
  },
  'en-US': {
    newOrders: {
      paid: 'You have a new paid order',
      viewOrder: 'view order',
      badge_one: '{{count}} new order',
      badge_other: '{{count}} new orders',
    },
  },
} as const;
