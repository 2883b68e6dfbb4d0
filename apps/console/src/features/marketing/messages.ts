// Texts of the marketing area as a whole (the /marketing menu group); each screen family keeps its own.
export const marketingMessages = {
  'zh-CN': { marketing: { menu: { group: '营销中心' } } },
  'en-US': { marketing: { menu: { group: 'Marketing' } } },
};
