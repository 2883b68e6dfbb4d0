export const systemMessages = {
  'zh-CN': {
    system: {
      notFound: { title: '404', heading: '页面不存在', body: '您访问的页面不存在或已被移除。', back: '返回首页' },
    },
  },
  'en-US': {
    system: {
      notFound: { title: '404', heading: 'Page not found', body: 'The page you asked for does not exist or was removed.', back: 'Back to the dashboard' },
    },
  },
};
