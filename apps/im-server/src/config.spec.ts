import { DEFAULT_TOKEN_SECRET, MIN_PRODUCTION_SECRET_LENGTH, productionSecretProblems, resolveConfig } from './config';
import { DEFAULT_WRITES_IN_FLIGHT } from './domain/msg/write-batcher';

describe('production secrets', () => {
  const realSecret = 'r'.repeat(MIN_PRODUCTION_SECRET_LENGTH);

  it('accepts the development secret outside production', () => {
    expect(resolveConfig({}).tokenSecret).toBe(DEFAULT_TOKEN_SECRET);
    expect(resolveConfig({ production: false, tokenSecret: DEFAULT_TOKEN_SECRET }).production).toBe(false);
  });

  it('refuses to start in production without a token secret, with the development one, or with a short one', () => {
    expect(() => resolveConfig({ production: true })).toThrow(
      /im-server refuses to start with NODE_ENV=production: IM_TOKEN_SECRET is unset or the development default/,
    );
    expect(() => resolveConfig({ production: true, tokenSecret: DEFAULT_TOKEN_SECRET })).toThrow(/development default/);
    expect(() => resolveConfig({ production: true, tokenSecret: 'short-secret' })).toThrow(/at least 32 characters/);
  });

  it('starts in production with a real secret', () => {
    expect(productionSecretProblems({ production: true, tokenSecret: realSecret })).toEqual([]);
    expect(resolveConfig({ production: true, tokenSecret: realSecret })).toMatchObject({ production: true, tokenSecret: realSecret });
  });
});

describe('group-commit settings', () => {
  it('defaults to one batch in flight and takes another count (IM_WRITES_IN_FLIGHT)', () => {
    expect(resolveConfig({}).writesInFlight).toBe(DEFAULT_WRITES_IN_FLIGHT);
    expect(resolveConfig({ writesInFlight: 2 }).writesInFlight).toBe(2);
  });

  it('refuses a count of writes in flight that is not a positive integer', () => {
    for (const writesInFlight of [0, -1, 1.5, Number.NaN]) {
      expect(() => resolveConfig({ writesInFlight })).toThrow(/writes in flight must be a positive integer/);
    }
  });
});
