export const dashboardMessages = {
  'zh-CN': {
    dashboard: {
      title: '首页',
      greeting: '您好，{{name}}',
      storeType: '店铺类型',
      storeStatus: '店铺状态',
      storeName: '店铺名称',
      unreadMessages: '未读消息',
      openMessages: '查看消息',
    },
  },
  'en-US': {
    dashboard: {
      title: 'Dashboard',
      greeting: 'Hello, {{name}}',
      storeType: 'Store type',
      storeStatus: 'Store status',
      storeName: 'Store name',
      unreadMessages: 'Unread messages',
      openMessages: 'Open messages',
    },
  },
};
