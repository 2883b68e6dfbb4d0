// Help-centre texts needed before the page opens (menu, tab and breadcrumb titles). The topics
// themselves travel with the page (topics.ts).

export const helpMessages = {
  'zh-CN': {
    help: {
      group: '帮助中心',
      title: '帮助中心',
      intro: '这里汇总了商家使用后台时最常遇到的问题。',
      contact: '仍有疑问？请联系平台客服：工作日 9:00–18:00，电话 400-000-0000。',
    },
  },
  'en-US': {
    help: {
      group: 'Help centre',
      title: 'Help centre',
      intro: 'Answers to the questions merchants ask most often.',
      contact: 'Still stuck? Call platform support on working days, 9:00–18:00, at 400-000-0000.',
    },
  },
};
