import { DEFAULT_CONFIG, readConfigFromEnv } from './config';

describe('readConfigFromEnv', () => {
  it('uses the contract defaults when nothing is set', () => {
    const config = readConfigFromEnv({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3100,
      dataDir: './.data/store-server',
      imAppKey: 'merchant-im',
      enableTestHooks: false,
      production: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.corsOrigins).toEqual(DEFAULT_CONFIG.corsOrigins);
  });

  it('reads every variable', () => {
    const config = readConfigFromEnv({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      IM_TOKEN_SECRET: 's',
      IM_APP_KEY: 'k',
      CORS_ORIGINS: 'http://a:1, http://b:2',
      ENABLE_TEST_HOOKS: '1',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({ port: 0, host: '0.0.0.0', dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db' });
    expect(config.corsOrigins).toEqual(['http://a:1', 'http://b:2']);
    expect(config.enableTestHooks).toBe(true);
    expect(config.production).toBe(true);
  });

  it('refuses a port out of range', () => {
    expect(() => readConfigFromEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readConfigFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
