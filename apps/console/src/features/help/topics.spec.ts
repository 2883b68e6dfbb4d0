// The help topics say where things are: every control they quote must be named so in the console, and the
// chat is opened from the navbar's message-centre icon (the message route is hidden from the sidebar menu).
import { PERMISSION_LABELS, PERMISSIONS, STORE_STATUS, STORE_STATUS_LABELS } from '@merchant/api-contracts';
import { uiKitMessages } from '@merchant/ui-kit';
import { statusLabel } from '@merchant/ui-kit/format';
import { SUPPORTED_LANGUAGES, createConsoleI18n, type ConsoleLanguage } from '../../app/i18n';
import { layoutMessages } from '../../layout/messages';
import { dashboardMessages } from '../dashboard/messages';
import { messageRoutes } from '../message/routes';
import { HELP_TOPICS, helpTopicMessages } from './topics';

type Tree = { [key: string]: string | Tree };
const stringsOf = (tree: Tree | string): string[] => (typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(stringsOf));

/** Every text the console can show in a language: its i18n resources, the ui-kit's, the contracts' labels. */
function consoleTexts(language: ConsoleLanguage): Set<string> {
  const i18n = createConsoleI18n(language);
  return new Set([
    ...stringsOf(i18n.getResourceBundle(language, 'translation') as Tree),
    ...stringsOf(layoutMessages[language] as Tree),
    ...stringsOf(dashboardMessages[language] as Tree),
    ...Object.values(uiKitMessages[language]),
    ...Object.values(PERMISSION_LABELS).map((label) => label.name[language]),
    ...Object.values(STORE_STATUS).map((status) => statusLabel(STORE_STATUS_LABELS, status, language)),
  ]);
}

/** The names an answer quotes: “…” in Chinese, "…" in English. */
const quotedIn = (answer: string): string[] => [...answer.matchAll(/[“"]([^”"]+)[”"]/g)].map((match) => match[1]);
const answers = (language: ConsoleLanguage) => HELP_TOPICS.map((topic) => [topic, helpTopicMessages[language].topics[topic].answer] as const);

describe('help topics', () => {
  it.each(SUPPORTED_LANGUAGES)('quote only controls the console really names so (%s)', (language) => {
    const texts = consoleTexts(language);
    const quoted = answers(language).flatMap(([topic, answer]) => quotedIn(answer).map((name) => `${topic}: ${name}`));
    expect(quoted.length).toBeGreaterThan(5);
    expect(quoted.filter((entry) => !texts.has(entry.slice(entry.indexOf(': ') + 2)))).toEqual([]);
  });

  it('send the merchant to the navbar message-centre icon for the chat, not the sidebar, where the route is hidden', () => {
    expect(messageRoutes[0].handle?.hidden).toBe(true);
    const en = helpTopicMessages['en-US'].topics.messages.answer;
    const zh = helpTopicMessages['zh-CN'].topics.messages.answer;
    expect(quotedIn(en)).toEqual(expect.arrayContaining([layoutMessages['en-US'].layout.messages, dashboardMessages['en-US'].dashboard.openMessages, PERMISSION_LABELS[PERMISSIONS.imChat].name['en-US']]));
    expect(quotedIn(zh)).toEqual(expect.arrayContaining([layoutMessages['zh-CN'].layout.messages, dashboardMessages['zh-CN'].dashboard.openMessages, PERMISSION_LABELS[PERMISSIONS.imChat].name['zh-CN']]));
    expect(en).toContain('top bar');
    expect(zh).toContain('顶部栏');
    expect(en).toContain('the sidebar menu has no messages entry');
    expect(zh).toContain('侧边栏菜单中没有消息入口');
  });

  it('no other topic places something in the sidebar', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const sidebar = language === 'en-US' ? /sidebar/i : /侧边栏/;
      expect(answers(language).filter(([topic, answer]) => topic !== 'messages' && sidebar.test(answer)).map(([topic]) => topic)).toEqual([]);
    }
  });
});
