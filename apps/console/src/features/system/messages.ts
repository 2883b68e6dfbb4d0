export const systemMessages = {
  'zh-CN': {
    system: {
      notFound: {
        title: '404',
        heading: '页面不存在',
        typed: '您访问的地址：',
        body: '该页面不存在或已被移除，请检查地址是否正确。',
        previous: '返回上一页',
        back: '返回首页',
      },
    },
  },
  'en-US': {
    system: {
      notFound: {
        title: '404',
        heading: 'Page not found',
        typed: 'The address you opened:',
        body: 'This page does not exist or was removed. Check the address for typing mistakes.',
        previous: 'Go back',
        back: 'Back to the dashboard',
      },
    },
  },
};
