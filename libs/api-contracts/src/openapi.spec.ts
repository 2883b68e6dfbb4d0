import { z } from 'zod';
import { defineEndpoint, endpointCodes, noData } from './endpoint';
import { allEndpoints, authEndpoints, mediaEndpoints } from './endpoints';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi';
import { STORE_CODES } from './store-codes';

/** Every `$ref` in value, with where it is. */
function refsOf(value: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsOf(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [{ at, ref: inner }] : refsOf(inner, `${at}/${key}`),
  );
}

/** What a JSON pointer ref points at from the document's root (undefined: it does not resolve). */
function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), document);
}

const unresolved = (document: unknown) => refsOf(document).filter(({ ref }) => resolve(document, ref) === undefined);

describe('the OpenAPI document of the contracts', () => {
  const document = buildOpenApiDocument(allEndpoints);

  it('describes every contract, and every $ref in it resolves from the root (no $defs left behind)', () => {
    expect(Object.keys(document.paths).sort()).toEqual(allEndpoints.map((contract) => contract.path).sort());
    expect(refsOf(document).length).toBeGreaterThan(allEndpoints.length);
    expect(unresolved(document)).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('$defs');
  });

  it('lints each contract on its own: a document of one call has only refs that resolve', () => {
    for (const contract of allEndpoints) expect([contract.path, unresolved(buildOpenApiDocument([contract]))]).toEqual([contract.path, []]);
  });

  it('keeps the recursive directory tree once in components.schemas, referring to itself', () => {
    const answer = document.paths[mediaEndpoints.queryCatalogListByPath.path]!.post.responses[200].content['application/json'].schema as {
      oneOf: { properties: { data: unknown } }[];
    };
    expect(answer.oneOf[0]!.properties.data).toEqual({ type: 'array', items: { $ref: '#/components/schemas/MediaCatalogNode' } });
    expect(document.components.schemas.MediaCatalogNode).toMatchObject({
      properties: { catalogList: { type: 'array', items: { $ref: '#/components/schemas/MediaCatalogNode' } } },
    });
  });

  it('moves a schema that contains itself at the root to a component, and gives the input form of an id its own name when it differs', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const named = z.object({ size: z.number().default(5) }).meta({ id: 'SpecSized' });
    const tree = defineEndpoint({ path: '/spec/tree', biz: named, data: node, access: 'public' });
    const sized = defineEndpoint({ path: '/spec/sized', biz: z.object({}), data: named, access: 'public' });
    const built = buildOpenApiDocument([tree, sized]);
    expect(unresolved(built)).toEqual([]);
    const data = (path: string) => (built.paths[path]!.post.responses[200].content['application/json'].schema as { oneOf: { properties: { data: unknown } }[] }).oneOf[0]!.properties.data;
    expect(data('/spec/tree')).toEqual({ $ref: '#/components/schemas/_spec_tree.data' });
    expect(built.components.schemas['_spec_tree.data']).toMatchObject({ properties: { children: { items: { $ref: '#/components/schemas/_spec_tree.data' } } } });
    // As sent, size may be left out (default); as answered, it is always there.
    expect(built.paths['/spec/tree']!.post.requestBody.content['application/json'].schema).toMatchObject({ properties: { biz: { $ref: '#/components/schemas/SpecSized' } } });
    expect(data('/spec/sized')).toEqual({ $ref: '#/components/schemas/SpecSizedOutput' });
    expect([built.components.schemas.SpecSized?.required, built.components.schemas.SpecSizedOutput?.required]).toEqual([undefined, ['size']]);
  });

  it('marks the calls that need no sign-in with security: [] and describes the access token scheme', () => {
    expect(document.security).toEqual([{ accessToken: [] }]);
    expect(document.components.securitySchemes.accessToken).toMatchObject({ type: 'apiKey', name: 'sys.accessToken' });
    for (const contract of allEndpoints) {
      expect([contract.path, document.paths[contract.path]!.post.security]).toEqual([contract.path, contract.access === 'public' ? [] : undefined]);
    }
    expect(document.paths[authEndpoints.login.path]!.post.security).toEqual([]);
  });

  it("answers Success with the call's data or Failure with its business codes and the envelope's, never both", () => {
    type Answer = { oneOf: [{ properties: { code: { const: string } } }, { properties: { code: { enum: string[] } }; required: string[] }] };
    for (const contract of allEndpoints) {
      const [success, failure] = (document.paths[contract.path]!.post.responses[200].content['application/json'].schema as Answer).oneOf;
      expect(success.properties.code.const).toBe(STORE_CODES.success);
      expect(failure.properties.code.enum).toEqual(expect.arrayContaining(endpointCodes(contract).filter((code) => code !== STORE_CODES.success)));
      expect(failure.properties.code.enum).toEqual(expect.arrayContaining(['10301001', '10301011', '99999999']));
      expect(failure.properties.code.enum).not.toContain(STORE_CODES.success);
      expect(failure.required).toEqual(['code', 'msg', 'data']);
    }
  });

  it('lists the development address and a production placeholder', () => {
    const servers: OpenApiDocument['servers'] = document.servers;
    expect(servers.map((server) => server.url)).toEqual(['http://127.0.0.1:3100', 'https://{host}']);
    expect(servers[1]!.variables?.host?.default).toBe('store-server.invalid');
  });

  it('answers a call without data as data: null', () => {
    const built = buildOpenApiDocument([defineEndpoint({ path: '/spec/none', biz: z.object({}), data: noData, access: 'user' })]);
    const answer = built.paths['/spec/none']!.post.responses[200].content['application/json'].schema as { oneOf: { properties: { data: unknown } }[] };
    expect(answer.oneOf[0]!.properties.data).toEqual({ type: 'null' });
  });
});
