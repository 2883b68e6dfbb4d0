// The API document as a consuming team uses it (issue 37): openapi-typescript generates types from the
// running server's /openapi.json, and a small client typed only by them (openapi-consumer/client.ts),
// compiled by tsc in strict mode, signs in and lists coupons on that server. Redocly's lint of the same
// document is an `npm test` step (tools/check-api-document.mjs). docs/api-document.md.
import { allEndpoints, buildOpenApiDocument, couponEndpoints, STORE_CODES } from '@merchant/api-contracts';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { startTestServer, type TestHarness } from '../testing/harness';
import { OPENAPI_PATH } from './openapi';

const repoRoot = path.resolve(__dirname, '../../../..');
const clientSource = path.resolve(__dirname, '../../openapi-consumer/client.ts');

/** Runs a command without blocking this process (the server under test answers from it). */
function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** tsc (strict, CommonJS) of the client and the generated types; the diagnostics as text. */
function compile(entry: string, outDir: string): string[] {
  const program = ts.createProgram([entry], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [path.join(repoRoot, 'node_modules/@types')],
    skipLibCheck: true,
    noEmitOnError: true,
    outDir,
  });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map(
    (d) => `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
}

describe('the API document with the tools its consumers use', () => {
  let h: TestHarness;
  let work: string;
  beforeAll(async () => {
    h = await startTestServer();
    work = mkdtempSync(path.join(tmpdir(), 'openapi-consumer-'));
  });
  afterAll(async () => {
    await h.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("serves the document @merchant/api-contracts ships (the package's dist/openapi.json is built from the same contracts)", async () => {
    const served = await (await fetch(`${h.url}${OPENAPI_PATH}`)).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(allEndpoints))));
  });

  it('generates types with openapi-typescript, and a strictly compiled client signs in and lists coupons with them', async () => {
    const types = path.join(work, 'store-server.d.ts');
    const generated = await run(path.join(repoRoot, 'node_modules/.bin/openapi-typescript'), [`${h.url}${OPENAPI_PATH}`, '-o', types]);
    expect([generated.code, generated.stderr]).toEqual([0, expect.not.stringMatching(/✘|error/i)]);
    expect(readFileSync(types, 'utf8')).toContain(`"${couponEndpoints.couponList.path}"`);

    copyFileSync(clientSource, path.join(work, 'client.ts'));
    expect(compile(path.join(work, 'client.ts'), path.join(work, 'out'))).toEqual([]);

    const client = await run(process.execPath, [path.join(work, 'out/client.js'), h.url, 'demo_merchant', 'Demo12345']);
    expect([client.code, client.stderr]).toEqual([0, '']);
    const outcome = JSON.parse(client.stdout) as { anonymousCode: string; accessToken: string; total: number; names: string[] };

    // The same list through the harness's own client: the typed client read it whole.
    const token = await h.login('demo_merchant', 'Demo12345');
    const expected = await h.call<{ total: number; list: { name: string }[] }>(couponEndpoints.couponList.path, { pageNum: 1, pageSize: 10 }, token);
    expect(expected.code).toBe(STORE_CODES.success);
    expect(outcome.anonymousCode).toBe(STORE_CODES.tokenInvalid);
    expect(outcome.accessToken).toMatch(/\S{16,}/);
    expect(outcome.total).toBeGreaterThan(0);
    expect([outcome.total, outcome.names]).toEqual([expected.data.total, expected.data.list.map((coupon) => coupon.name)]);
  }, 180_000);
});
