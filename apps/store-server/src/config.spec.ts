import {
  DEFAULT_CONFIG,
  DEV_BUYER_KEY,
  DEV_OPERATOR_KEY,
  MIN_PRODUCTION_SECRET_LENGTH,
  SECURITY_MODE_ORDER,
  modesAtLeast,
  productionConfigProblems,
  readConfigFromEnv,
} from './config';

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

  it('reads TRUST_PROXY: unset trusts no proxy, true trusts any, else the addresses named (issue 34 §5)', () => {
    expect(readConfigFromEnv({}).trustProxy).toBeUndefined();
    expect(readConfigFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfigFromEnv({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
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

describe('minimum security mode (STORE_MIN_SECURITY_MODE)', () => {
  it('orders the modes none < rsa < aes < aes-rsa2-sign and accepts the floor and above', () => {
    expect(SECURITY_MODE_ORDER).toEqual(['none', 'rsa', 'aes', 'aes-rsa2-sign']);
    expect(modesAtLeast('none')).toEqual(['none', 'rsa', 'aes', 'aes-rsa2-sign']);
    expect(modesAtLeast('aes')).toEqual(['aes', 'aes-rsa2-sign']);
    expect(modesAtLeast('aes-rsa2-sign')).toEqual(['aes-rsa2-sign']);
  });

  it('defaults to aes in production and to none (every mode) elsewhere', () => {
    expect(readConfigFromEnv({}).minSecurityMode).toBe('none');
    expect(readConfigFromEnv({ NODE_ENV: 'production' }).minSecurityMode).toBe('aes');
    expect(readConfigFromEnv({ NODE_ENV: 'production', STORE_MIN_SECURITY_MODE: 'aes-rsa2-sign' }).minSecurityMode).toBe('aes-rsa2-sign');
    expect(readConfigFromEnv({ STORE_MIN_SECURITY_MODE: 'rsa' }).minSecurityMode).toBe('rsa');
  });

  it('refuses an unknown mode with the accepted values', () => {
    expect(() => readConfigFromEnv({ STORE_MIN_SECURITY_MODE: 'AES' })).toThrow(/STORE_MIN_SECURITY_MODE must be one of none, rsa, aes, aes-rsa2-sign, got AES/);
  });
});

describe('production secrets', () => {
  const realSecret = 'x'.repeat(MIN_PRODUCTION_SECRET_LENGTH);

  it('finds nothing wrong outside production, even with the development secrets', () => {
    expect(productionConfigProblems(readConfigFromEnv({}))).toEqual([]);
  });

  it('names the development IM token secret, a short secret and the development operator key in production', () => {
    const devSecret = productionConfigProblems(readConfigFromEnv({ NODE_ENV: 'production' }));
    expect(devSecret).toEqual([expect.stringMatching(/IM_TOKEN_SECRET is the development default/)]);
    expect(productionConfigProblems(readConfigFromEnv({ NODE_ENV: 'production', IM_TOKEN_SECRET: 'short' }))).toEqual([
      expect.stringMatching(/IM_TOKEN_SECRET must be at least 32 characters/),
    ]);
    const devOperator = readConfigFromEnv({ NODE_ENV: 'production', IM_TOKEN_SECRET: realSecret, OPERATOR_KEY: DEV_OPERATOR_KEY });
    expect(productionConfigProblems(devOperator)).toEqual([expect.stringMatching(/OPERATOR_KEY is the development default/)]);
    const devBuyer = readConfigFromEnv({ NODE_ENV: 'production', IM_TOKEN_SECRET: realSecret, BUYER_KEY: DEV_BUYER_KEY });
    expect(productionConfigProblems(devBuyer)).toEqual([expect.stringMatching(/BUYER_KEY is the development default/)]);
    // Production has no buyer endpoint unless a key is set.
    expect(readConfigFromEnv({ NODE_ENV: 'production', IM_TOKEN_SECRET: realSecret }).buyerKey).toBeUndefined();
    expect(productionConfigProblems(readConfigFromEnv({ NODE_ENV: 'production', IM_TOKEN_SECRET: realSecret }))).toEqual([]);
  });
});
