// The help centre's questions and answers, loaded with the page and added to i18n then, so they
// do not weigh on the console's first load. The page lists them in HELP_TOPICS order.
import type { i18n as I18nInstance } from 'i18next';
import { addFeatureMessages } from '../../app/i18n';

export const HELP_TOPICS = ['signIn', 'review', 'disabled', 'tabs', 'layout', 'messages', 'permissions'] as const;

/**
 * The topics' texts. Where they name a control they quote its label as the console shows it (the navbar's
 * icons, the sign-in page, the sidebar menu's titles); topics.spec.ts checks those names against the texts.
 */
export const helpTopicMessages = {
  'zh-CN': {
    topics: {
      signIn: {
        question: '如何登录？忘记密码怎么办？',
        answer:
          '可使用用户名和密码登录，也可点击登录页的“短信验证码登录”，用注册手机号接收短信验证码登录。\n连续 3 次输错密码后需要完成图形验证：输入图片中的字母或数字，看不清可点击“看不清？换一张”。\n忘记密码时，点击登录页的“忘记密码？”，输入用户名并接收短信验证码后设置新密码。',
      },
      review: {
        question: '店铺审核要多久？被驳回后怎么办？',
        answer: '签署商家协议并提交店铺资料后进入“审核中”，通常 1–3 个工作日内完成，审核通过即可进入商家后台。\n审核被驳回时，审核结果页会显示驳回原因，修改资料后可重新提交。',
      },
      disabled: {
        question: '为什么页面顶部提示店铺已被禁用？',
        answer: '店铺被平台禁用后仍可登录查看数据，但无法发布商品。提示中会写明禁用原因，处理完成后请联系平台客服恢复。',
      },
      tabs: {
        question: '页面上方的标签栏怎么用？',
        answer: '打开过的页面会显示为标签，点击即可切换，已填写的内容会保留。\n右键点击标签可以刷新、关闭、关闭其他或关闭所有标签；首页标签固定，不能关闭。刷新浏览器后标签仍会保留。',
      },
      layout: {
        question: '如何调整字号、语言和深色模式？',
        answer: '点击顶部栏右侧的“布局大小”图标可在默认、中等、小型、迷你四种尺寸之间切换；顶部栏的“语言”下拉框可在简体中文与 English 之间切换；月亮图标切换深色模式（深色模式下为太阳图标，点击切回浅色）。这些设置会被记住。',
      },
      messages: {
        question: '怎样查看顾客消息？',
        answer: '点击顶部栏右侧的“消息中心”图标（对话气泡）进入聊天，也可点击首页的“查看消息”；侧边栏菜单中没有消息入口。图标上的数字是未读消息数，超过 99 显示为 99+。\n只有拥有“客服聊天”权限的账号能看到该图标；看不到时请联系店主开通。',
      },
      permissions: {
        question: '为什么有些按钮是灰色的？',
        answer: '子账号只能使用店主为其开通的权限。没有权限的按钮会显示为不可用，鼠标悬停时提示“暂无权限”，请联系店主开通。',
      },
    },
  },
  'en-US': {
    topics: {
      signIn: {
        question: 'How do I sign in, and what if I forgot my password?',
        answer:
          'Sign in with your username and password, or choose "Sign in with an SMS check code" on the sign-in page to receive an SMS code on your registered mobile.\nAfter 3 wrong passwords in a row you are asked for a graphic verification: type the letters or digits of the image, or choose "get another image".\nIf you forgot your password, choose "Forgot password?" on the sign-in page, enter your username, and set a new password with the SMS check code.',
      },
      review: {
        question: 'How long does the store review take, and what if it is rejected?',
        answer: 'Once you accept the merchant agreement and submit your shop information the store is "under review", usually for 1–3 working days; after approval the console opens.\nIf the review is rejected, the review result page shows the reason; correct your information and submit it again.',
      },
      disabled: {
        question: 'Why does a banner say my shop is disabled?',
        answer: 'A shop disabled by the platform can still sign in and see its data but cannot publish goods. The banner gives the reason; once it is resolved, contact platform support to re-enable the shop.',
      },
      tabs: {
        question: 'How do the tabs above the page work?',
        answer: 'Every page you open gets a tab; click it to switch back, and what you typed is kept.\nRight-click a tab to refresh it, close it, close the others or close all. The dashboard tab is pinned. Tabs survive a browser reload.',
      },
      layout: {
        question: 'How do I change the size, the language or use the dark theme?',
        answer: 'The "Layout size" icon on the right of the top bar switches between default, medium, small and mini; the "Language" list in the top bar switches between 简体中文 and English; the moon icon turns the dark theme on (in the dark theme it is a sun, which turns it off). These choices are remembered.',
      },
      messages: {
        question: 'Where do I read customer messages?',
        answer: 'Open the "Message centre" icon (a speech bubble) on the right of the top bar, or "Open messages" on the dashboard; the sidebar menu has no messages entry. The number on the icon counts unread messages and stops at 99+.\nOnly accounts with the "Chat" permission see the icon; if you do not, ask the store owner for access.',
      },
      permissions: {
        question: 'Why are some buttons greyed out?',
        answer: 'Sub-accounts can use only what the store owner granted them. A button you may not use is disabled and says "no permission" when you point at it; ask the store owner for access.',
      },
    },
  },
};

/**
 * Adds the topics to the console's i18n resources (deep-merged under `help`), once per instance.
 * Silently: the page calls this while rendering and announces the texts after its commit.
 */
export function registerHelpTopics(i18n: I18nInstance): void {
  if (i18n.exists('help.topics.signIn.question', { lng: 'en-US', fallbackLng: false })) return;
  const under = (language: keyof typeof helpTopicMessages) => ({ help: { topics: helpTopicMessages[language].topics } });
  addFeatureMessages(i18n, [{ 'zh-CN': under('zh-CN'), 'en-US': under('en-US') }], { silent: true });
}
