import { DEFAULT_RUNTIME_CONFIG, readRuntimeConfig } from './runtime-config';
import { addressWithoutToken, readFrameParams } from './frame-params';

describe('readRuntimeConfig', () => {
  it('falls back to the documented defaults', () => {
    expect(readRuntimeConfig(undefined)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('prefers window.__MERCHANT_CONFIG__ over VITE_* values', () => {
    const config = readRuntimeConfig(
      { imLbsUrl: 'http://127.0.0.1:9999/lbs', imAppKey: 'k1', consoleOrigins: ['http://localhost:5555/'] },
      { VITE_IM_LBS_URL: 'http://other/lbs', VITE_IM_APP_KEY: 'k2', VITE_CONSOLE_ORIGINS: 'http://x:1' },
    );
    expect(config).toEqual({ imLbsUrl: 'http://127.0.0.1:9999/lbs', imAppKey: 'k1', consoleOrigins: ['http://localhost:5555'] });
  });

  it('uses VITE_* values when the runtime file leaves a field out', () => {
    const config = readRuntimeConfig({}, { VITE_IM_APP_KEY: 'from-env', VITE_CONSOLE_ORIGINS: 'http://a:1, http://b:2' });
    expect(config.imAppKey).toBe('from-env');
    expect(config.consoleOrigins).toEqual(['http://a:1', 'http://b:2']);
  });

  it('drops malformed origins and the wildcard from the allow-list', () => {
    const config = readRuntimeConfig({ consoleOrigins: ['*', 'not a url', 'http://localhost:4200/path', 42] });
    expect(config.consoleOrigins).toEqual(['http://localhost:4200']);
  });
});

describe('readFrameParams', () => {
  it('reads account, token, avatar, storeName and lang', () => {
    expect(
      readFrameParams('?account=s_1001&token=t.k&avatar=http%3A%2F%2Fa%2Fb.png&storeName=Demo%20Store&lang=en-US'),
    ).toEqual({
      ok: true,
      params: { account: 's_1001', token: 't.k', avatar: 'http://a/b.png', storeName: 'Demo Store', lang: 'en-US' },
    });
  });

  it('requires the account; the token may come over the bridge instead', () => {
    expect(readFrameParams('?account=&token=t&storeName=x')).toEqual({ ok: false, missing: ['account'] });
    expect(readFrameParams('?account=s_1001')).toEqual({ ok: true, params: { account: 's_1001' } });
  });

  it('removes the token, and only the token, from the address', () => {
    expect(addressWithoutToken('http://127.0.0.1:4300/?account=s_1001&token=secret.sig&lang=en-US#x')).toBe('/?account=s_1001&lang=en-US#x');
    expect(addressWithoutToken('http://127.0.0.1:4300/?account=s_1001')).toBe('/?account=s_1001');
  });
});
