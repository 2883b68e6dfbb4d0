import type { FastifyInstance } from 'fastify';
import type { CaptchaService } from '../shared/captcha';
import { openSendWindow, type RecordingCheckCodeDelivery } from '../shared/check-codes';
import type { RateLimiter } from '../shared/rate-limiter';

/**
 * ENABLE_TEST_HOOKS=1 only, never in production (docs/decisions/0001): lets tests and e2e read
 * the check codes that would go by SMS, and the answer of a captcha image, and open one mobile's
 * send window (one code a minute; and the stores' and addresses' hourly counts) so a test that needs
 * several codes does not wait out the minutes.
 */
export function registerTestHooks(app: FastifyInstance, delivery: RecordingCheckCodeDelivery, captcha: CaptchaService, rateLimiter: RateLimiter): void {
  app.get<{ Querystring: { target?: string } }>('/__test__/check-codes', async (request, reply) => {
    const target = request.query.target;
    if (!target) return reply.code(400).send({ error: 'target is required' });
    return { target, codes: delivery.codesFor(target) };
  });
  app.post<{ Querystring: { target?: string } }>('/__test__/check-codes/open-window', async (request, reply) => {
    const target = request.query.target;
    if (!target) return reply.code(400).send({ error: 'target is required' });
    await openSendWindow(rateLimiter, target);
    return { target, opened: true };
  });
  app.get<{ Querystring: { key?: string } }>('/__test__/captcha', async (request, reply) => {
    const key = request.query.key;
    if (!key) return reply.code(400).send({ error: 'key is required' });
    const answer = await captcha.peekAnswer(key);
    if (answer === null) return reply.code(404).send({ error: 'unknown captcha' });
    return { key, answer };
  });
}
