import { buildOpenApiDocument as buildFromContracts, type AnyEndpoint, type OpenApiDocument } from '@merchant/api-contracts';
import type { FastifyInstance } from 'fastify';
import type { StoreRoute } from './route';

/** Where store-server serves its OpenAPI document (plain HTTP GET, not behind the envelope). */
export const OPENAPI_PATH = '/openapi.json';

/**
 * The OpenAPI 3.1 document of every envelope call store-server registers, generated from their contracts
 * by @merchant/api-contracts (which also ships it as dist/openapi.json; docs/api-document.md). Every
 * envelope call has a contract (contracts.int.spec.ts); plain-HTTP routes (media upload and files,
 * operator, buyer keys) are not envelope calls and are left out.
 */
export function buildOpenApiDocument(routes: readonly StoreRoute[], version?: string): OpenApiDocument {
  const contracts = routes.map((route) => route.contract).filter((contract): contract is AnyEndpoint => contract !== undefined);
  return buildFromContracts(contracts, { version });
}

/** Serves the document generated once from the registered routes. */
export function registerOpenApi(app: FastifyInstance, routes: readonly StoreRoute[]): void {
  const document = buildOpenApiDocument(routes);
  app.get(OPENAPI_PATH, async () => document);
}
