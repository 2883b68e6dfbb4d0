import { STORE_CODES, defineEndpoint, PERMISSIONS } from '@merchant/api-contracts';
import { EnvelopeError, type SecureRouteHandler } from '@merchant/secure-transport/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ContractAnswerError, contractRoute, type Caller, type RouteDependencies, type StoreRoute } from './route';

const contract = defineEndpoint({
  path: '/v1/test/echo',
  access: 'user',
  permission: PERMISSIONS.goodsEdit,
  biz: z.object({ name: z.string().trim().min(1, 'name is required') }),
  data: z.strictObject({ greeting: z.string() }),
});

const caller: Caller = { userId: 1, storeId: 1001, accessToken: 'token' };

/** Registers the route on a stand-in for Fastify and returns a function that calls it like the envelope plugin. */
function mount(route: StoreRoute, deps: Partial<RouteDependencies> = {}) {
  let handler: SecureRouteHandler | undefined;
  const app = { secureRoute: (_path: string, h: SecureRouteHandler) => (handler = h) } as unknown as FastifyInstance;
  const log = { error: jest.fn() };
  route.register(app, {
    resolveCaller: async (token) => {
      if (token !== 'token') throw new EnvelopeError(STORE_CODES.tokenInvalid, 'token');
      return caller;
    },
    permissionsOf: async () => [PERMISSIONS.goodsEdit],
    ...deps,
  });
  const request = { headers: { 'accept-language': 'en-US' }, log } as unknown as FastifyRequest;
  const call = (biz: unknown, accessToken = 'token') => handler!({ biz, accessToken, request, sys: {} as never, session: null });
  return { call, log };
}

describe('contractRoute', () => {
  it('hands the parsed biz and the caller to the handler and answers its data', async () => {
    const handle = jest.fn(async (biz: { name: string }, who: Caller) => ({ greeting: `hello ${biz.name} of ${who.storeId}` }));
    const { call } = mount(contractRoute(contract, handle));
    await expect(call({ name: '  Ann ' })).resolves.toEqual({ greeting: 'hello Ann of 1001' });
  });

  it('answers 10100001 for a biz the contract refuses, without running the handler, every refused field in errInfo', async () => {
    const handle = jest.fn(async () => ({ greeting: 'x' }));
    const { call } = mount(contractRoute(contract, handle));
    await expect(call({ name: '' })).rejects.toMatchObject({
      code: STORE_CODES.invalidParameter,
      msg: 'name is required',
      errInfo: { problems: [{ field: 'name', problem: { rule: 'required' } }] },
    });
    expect(handle).not.toHaveBeenCalled();
  });

  it('will not register an idempotent call without the guard that runs it once per key', () => {
    const idempotent = defineEndpoint({ path: '/v1/test/add', access: 'user', idempotent: true, biz: z.object({}), data: z.null() });
    expect(() => mount(contractRoute(idempotent, async () => null))).toThrow(/register it with an IdempotencyGuard/);
  });

  it("enforces the contract's permission before reading the biz", async () => {
    const handle = jest.fn(async () => ({ greeting: 'x' }));
    const { call } = mount(contractRoute(contract, handle), { permissionsOf: async () => [] });
    await expect(call({ name: '' })).rejects.toMatchObject({ code: STORE_CODES.permissionDenied });
    expect(handle).not.toHaveBeenCalled();
  });

  it('fails loudly when the handler answers what the contract does not allow', async () => {
    const bad = contractRoute(contract, async () => ({ greeting: 'hi', passwordHash: 'leak' }) as never);
    const { call, log } = mount(bad, { checkAnswers: true });
    await expect(call({ name: 'Ann' })).rejects.toBeInstanceOf(ContractAnswerError);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ path: contract.path }), expect.stringContaining('breaks its contract'));

    const wrongType = contractRoute(contract, async () => ({ greeting: 42 }) as never);
    await expect(mount(wrongType, { checkAnswers: true }).call({ name: 'Ann' })).rejects.toThrow(/greeting/);
  });

  it('leaves answers unchecked when told to (production)', async () => {
    const bad = contractRoute(contract, async () => ({ greeting: 42 }) as never);
    await expect(mount(bad, { checkAnswers: false }).call({ name: 'Ann' })).resolves.toEqual({ greeting: 42 });
  });

  it('answers null for a call without data', async () => {
    const none = defineEndpoint({ path: '/v1/test/none', access: 'public', biz: z.object({}), data: z.null() });
    const route = contractRoute(none, async () => undefined);
    await expect(mount(route).call(undefined)).resolves.toBeNull();
    expect(route.contract).toBe(none);
  });
});
