import type { FastifyRequest } from 'fastify';

/**
 * The address a request came from, as the limits of issue 34 §5 count it (sign-in failures, check-code sends
 * before sign-up). Fastify's request.ip: the socket's peer, or with TRUST_PROXY the client the proxy names in
 * X-Forwarded-For (docs/operations.md "Limits"); without it every request behind a proxy shares one address.
 */
export function clientAddressOf(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
