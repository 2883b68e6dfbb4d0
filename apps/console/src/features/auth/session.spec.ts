// §8 user-info load failure text: identity failures show the identity text in both languages.
import { createConsoleI18n } from '../../app/i18n';
import { userLoadFailure } from './session';

describe('user-info load failure text', () => {
  it.each([
    ['zh-CN', '身份验证失败，请重新登录，如持续出现请联系管理员'],
    ['en-US', 'authentication failed, please sign in again, contact the administrator if it persists'],
  ] as const)('shows the identity text in %s for 10302006 and the session-reset codes', (language, text) => {
    const i18n = createConsoleI18n(language);
    for (const code of ['10302006', '10301002', '10301007']) {
      const failure = userLoadFailure({ code, msg: 'token expired' });
      expect(failure.translate).toBe(true);
      expect(i18n.t(failure.message)).toBe(text);
    }
  });

  it('keeps the server msg for other failures, and falls back to the identity text without one', () => {
    expect(userLoadFailure({ code: '20000001', msg: 'user service down' })).toEqual({ message: 'user service down', translate: false });
    expect(userLoadFailure({ code: '20000001', msg: '' })).toEqual({ message: 'app.identityFailed', translate: true });
    expect(userLoadFailure('boom')).toEqual({ message: 'app.identityFailed', translate: true });
  });
});
