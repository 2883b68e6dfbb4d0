import { createFrameI18n, pickLanguage } from './frame-i18n';
import { formatChatTime } from './format-time';
import { enUS, zhCN } from './resources';

describe('pickLanguage', () => {
  it('uses the lang query value first', () => {
    expect(pickLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('falls back to the first supported browser language, then zh-CN', () => {
    expect(pickLanguage(undefined, ['fr-FR', 'en-GB'])).toBe('en-US');
    expect(pickLanguage('de', ['fr-FR'])).toBe('zh-CN');
  });
});

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

describe('resources', () => {
  it('has the same keys in zh-CN and en-US', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(zhCN).sort());
  });

  it('translates in the chosen language', () => {
    expect(createFrameI18n('en-US').t('composer.send')).toBe('Send');
    expect(createFrameI18n('zh-CN').t('composer.send')).toBe('发送');
  });
});

describe('formatChatTime', () => {
  const t = createFrameI18n('en-US').t;
  const now = new Date(2026, 10, 22, 15, 0).getTime();

  it('shows only the time today, "Yesterday" the day before, the date this year, and the year before that', () => {
    expect(formatChatTime(new Date(2026, 10, 22, 9, 5).getTime(), now, t)).toBe('09:05');
    expect(formatChatTime(new Date(2026, 10, 21, 23, 59).getTime(), now, t)).toBe('Yesterday 23:59');
    expect(formatChatTime(new Date(2026, 2, 3).getTime(), now, t)).toBe('Mar 3');
    expect(formatChatTime(new Date(2025, 2, 3).getTime(), now, t)).toBe('Mar 3, 2025');
  });

  it('uses Chinese formats in zh-CN', () => {
    const zh = createFrameI18n('zh-CN').t;
    expect(formatChatTime(new Date(2026, 2, 3).getTime(), now, zh)).toBe('3月3日');
  });
});
