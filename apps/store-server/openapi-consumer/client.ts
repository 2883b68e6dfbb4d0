// A consuming team's client of store-server, typed only by what openapi-typescript generates from the
// served /openapi.json (issue 37; docs/api-document.md shows the same steps). The integration spec
// src/http/openapi-consumer.int.spec.ts generates ./store-server.d.ts next to a copy of this file, compiles
// both with tsc (strict) and runs the result against a running store-server. Not part of the project's own
// tsconfig: the generated types exist only there.
import type { components, paths } from './store-server';

type CallPath = keyof paths;
type Operation<P extends CallPath> = paths[P]['post'];
/** What a call sends as `biz`, as the document describes it. */
export type Biz<P extends CallPath> = Operation<P>['requestBody']['content']['application/json']['biz'];
/** The envelope answer: Success (code 00000000 with data) or Failure (one of the call's codes, data null). */
export type Answer<P extends CallPath> = Operation<P>['responses'][200]['content']['application/json'];
type Sys = components['schemas']['Sys'];

const SUCCESS = '00000000';
const LOGIN = '/v1/store/eshop/store/user/login';
const COUPON_LIST = '/v1/store/eshop/marketing/coupons/list';

/**
 * One envelope call in security mode `none` (the development server accepts it; production needs the
 * @merchant/secure-transport client): POST { sys, biz }, answer { code, msg, data, errInfo? } in HTTP 200.
 */
export async function call<P extends CallPath>(baseUrl: string, path: P, biz: Biz<P>, accessToken = ''): Promise<Answer<P>> {
  const sys: Sys = { safeType: 'none', accessToken };
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ sys, biz }),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return (await response.json()) as Answer<P>;
}

export interface Outcome {
  /** The code of the list without signing in (a Failure answer). */
  anonymousCode: string;
  accessToken: string;
  total: number;
  names: string[];
}

/** Signs in and lists the store's coupons: what the spec runs. */
export async function signInAndList(baseUrl: string, userName: string, password: string): Promise<Outcome> {
  const anonymous = await call(baseUrl, COUPON_LIST, { pageNum: 1, pageSize: 10 });
  const login = await call(baseUrl, LOGIN, { userName, password });
  if (login.code !== SUCCESS) throw new Error(`login: ${login.code} ${login.msg}`);
  // Narrowed to the Success answer by its code: data is the contract's login result.
  const accessToken: string = login.data.accessToken;
  const coupons = await call(baseUrl, COUPON_LIST, { pageNum: 1, pageSize: 10 }, accessToken);
  if (coupons.code !== SUCCESS) throw new Error(`coupon list: ${coupons.code} ${coupons.msg}`);
  const names: string[] = coupons.data.list.map((coupon) => coupon.name);
  return { anonymousCode: anonymous.code, accessToken, total: coupons.data.total, names };
}

/** Never run: each line must be refused by tsc, which proves the generated types are not `any`. */
export function refusedByTheTypes(baseUrl: string, answer: Answer<typeof COUPON_LIST>): void {
  // @ts-expect-error login needs a password
  void call(baseUrl, LOGIN, { userName: 'someone' });
  // @ts-expect-error no such call in the document
  void call(baseUrl, '/v1/no/such/call', {});
  // @ts-expect-error pageSize is a number
  void call(baseUrl, COUPON_LIST, { pageNum: 1, pageSize: 'ten' });
  // @ts-expect-error a Failure answer has no list: data is null until code says success
  void answer.data.list;
}

if (require.main === module) {
  const [baseUrl, userName, password] = process.argv.slice(2) as [string, string, string];
  signInAndList(baseUrl, userName, password).then(
    (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`),
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
