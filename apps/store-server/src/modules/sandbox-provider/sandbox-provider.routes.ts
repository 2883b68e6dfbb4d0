import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoreRoute } from '../../http/route';
import type { Clock } from '../../shared/clock';
import { refusal, type SandboxCallbackReceiver } from './sandbox-callbacks';
import type { SandboxTransfer, SandboxTransferKind } from './sandbox-provider.repository';
import { sandboxPaymentSchema, sandboxPayoutSchema, type SandboxProvider } from './sandbox-provider.service';
import { SANDBOX_REFUSALS, verifySandboxSignature } from './sandbox-signature';

export const SANDBOX_PROVIDER_PATH = '/sandbox-provider/v1';
export const SANDBOX_PAYMENTS_PATH = `${SANDBOX_PROVIDER_PATH}/payments`;
export const SANDBOX_PAYOUTS_PATH = `${SANDBOX_PROVIDER_PATH}/payouts`;
export const SANDBOX_TRANSFERS_PATH = `${SANDBOX_PROVIDER_PATH}/transfers`;
/** store-server's receiver of the provider's callbacks. */
export const SANDBOX_CALLBACK_PATH = '/provider-callbacks/sandbox';

const publicTransfer = (t: SandboxTransfer) => ({
  transferId: t.transferId,
  kind: t.kind,
  reference: t.reference,
  amountCents: t.amountCents,
  cardNo: t.cardNo,
  status: t.status,
  failureReason: t.failureReason,
  createdAt: t.createdAt,
  completedAt: t.completedAt,
});

/** Keeps the body as received: the signature covers its exact bytes. Scoped to the plugin it is added in. */
function keepRawJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
}

const rawBodyOf = (request: FastifyRequest): string => (typeof request.body === 'string' ? request.body : '');

/**
 * Plain signed JSON over HTTP, not the store envelope: the provider's create and read calls, and the
 * callback receiver. Registered on store-server's port, reached over real HTTP like an outside provider.
 */
export function sandboxProviderRoutes(deps: { provider: SandboxProvider; receiver: SandboxCallbackReceiver; clock: Clock; secret: string; onApp(app: FastifyInstance): void }): StoreRoute[] {
  const { provider, receiver, clock, secret } = deps;
  const signed = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const refused = verifySandboxSignature(secret, request.headers, rawBodyOf(request), clock.now().getTime());
    if (refused) void reply.code(401).send(refusal(401, refused).body);
    return refused === null;
  };
  const create = (kind: SandboxTransferKind, schema: typeof sandboxPaymentSchema | typeof sandboxPayoutSchema) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!signed(request, reply)) return reply;
    let input: unknown;
    try {
      input = JSON.parse(rawBodyOf(request));
    } catch {
      return reply.code(400).send({ ...refusal(400, SANDBOX_REFUSALS.bodyInvalid).body, fields: [] });
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
      return reply.code(400).send({ ...refusal(400, SANDBOX_REFUSALS.bodyInvalid).body, fields });
    }
    const result = await provider.create(kind, parsed.data);
    if (!result.ok) return reply.code(409).send({ code: result.code, msg: result.message });
    return reply.code(result.created ? 201 : 200).send(publicTransfer(result.transfer));
  };
  return [
    {
      path: SANDBOX_PROVIDER_PATH,
      register(app) {
        deps.onApp(app);
        void app.register(async (scope) => {
          keepRawJson(scope);
          scope.post(SANDBOX_PAYMENTS_PATH, create('payment', sandboxPaymentSchema));
          scope.post(SANDBOX_PAYOUTS_PATH, create('payout', sandboxPayoutSchema));
          scope.get<{ Params: { transferId: string } }>(`${SANDBOX_TRANSFERS_PATH}/:transferId`, async (request, reply) => {
            if (!signed(request, reply)) return reply;
            const transfer = await provider.find(request.params.transferId);
            if (!transfer) return reply.code(404).send({ code: SANDBOX_REFUSALS.notFound, msg: 'no such transfer' });
            return reply.send(publicTransfer(transfer));
          });
          scope.post(SANDBOX_CALLBACK_PATH, async (request, reply) => {
            const answer = await receiver.receive(request.headers, rawBodyOf(request));
            return reply.code(answer.httpStatus).send(answer.body);
          });
        });
        app.addHook('onReady', async () => provider.start());
        app.addHook('onClose', async () => provider.stop());
      },
    },
  ];
}
