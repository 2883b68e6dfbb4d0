// `npm run operator -- <approve|reject|disable|enable> <storeId> [--reason "..."]`
// `npm run operator -- <goods-approve|goods-reject> <goodsId> [--reason "..."]`
// `npm run operator -- <brand-review|brand-approve|brand-reject> <applicationId> [--reason "..."]`
// `npm run operator -- <logout-approve|logout-reject> <requestId> [--reason "..."]`
// `npm run operator -- <profile-approve|profile-reject> <changeId> [--reason "..."]`
// `npm run operator -- <activity-approve|activity-reject> <applicationId> [--reason "..."]`
// `npm run operator -- activity-create --file campaign.json | --title-zh ... --sign-up-from ... (flags)`
// `npm run operator -- ledger-check` (the ledger's invariants, docs/ledger.md; exits 1 on a break)
// The platform's review decisions, taken outside the console (docs/onboarding.md). It talks to the
// running store-server's operator endpoint, because an embedded PGlite database belongs to the one
// process that opened it. STORE_SERVER_URL and OPERATOR_KEY choose the server and the key.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEV_OPERATOR_KEY } from '../../config';
import { describeValidationError } from '@merchant/api-contracts';
import { OPERATOR_LEDGER_CHECK_PATH } from '../wallet';
import { OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX, providerContractOperatorCommandSchema, type ProviderContractOperatorCommand } from '../provider-delivery';
import {
  activityCreateSchema,
  activityOperatorCommandSchema,
  OPERATOR_ACTIVITIES_PATH,
  OPERATOR_ACTIVITY_APPLICATIONS_PATH_PREFIX,
  type ActivityCreateCommand,
  type ActivityOperatorCommand,
  BRAND_CLI_ACTIONS,
  brandOperatorCommandSchema,
  OPERATOR_BRANDS_PATH_PREFIX,
  type BrandOperatorCommand,
  GOODS_CLI_ACTIONS,
  LOGOUT_CLI_ACTIONS,
  logoutOperatorCommandSchema,
  OPERATOR_LOGOUTS_PATH_PREFIX,
  type LogoutOperatorCommand,
  goodsOperatorCommandSchema,
  OPERATOR_ACTIONS,
  OPERATOR_GOODS_PATH_PREFIX,
  OPERATOR_KEY_HEADER,
  OPERATOR_PATH_PREFIX,
  OPERATOR_PROFILE_CHANGES_PATH_PREFIX,
  operatorCommandSchema,
  PROFILE_CLI_ACTIONS,
  profileOperatorCommandSchema,
  type GoodsOperatorCommand,
  type OperatorCommand,
  type ProfileOperatorCommand,
} from './operator.schemas';

const USAGE = `usage: npm run operator -- <${OPERATOR_ACTIONS.join('|')}> <storeId> [--reason "..."]
       npm run operator -- <${GOODS_CLI_ACTIONS.join('|')}> <goodsId> [--reason "..."]
       npm run operator -- <${BRAND_CLI_ACTIONS.join('|')}> <applicationId> [--reason "..."]
       npm run operator -- <${LOGOUT_CLI_ACTIONS.join('|')}> <requestId> [--reason "..."]
       npm run operator -- <${PROFILE_CLI_ACTIONS.join('|')}> <changeId> [--reason "..."]
       npm run operator -- <activity-approve|activity-reject> <applicationId> [--reason "..."]
       npm run operator -- activity-create --file campaign.json
       npm run operator -- ledger-check
       npm run operator -- <delivery-suspend|delivery-provider-suspend|delivery-resume> <contractId> [--reason "..."]
       npm run operator -- activity-create --title-zh "..." [--title-en "..."] [--description "..."] --sign-up-from <time> --sign-up-until <time>
                            --run-from <time> --run-until <time> --min-discount-bp <0-9999> [--categories 11,12] --max-goods <n> --quota <n>
  approve <storeId>                    under review → approved
  reject <storeId> --reason "..."      under review → rejected; the merchant sees the reason and re-submits
  disable <storeId> --reason "..."     approved → disabled; the reason is the store's forbiddenReason
  enable <storeId>                     disabled → approved
  goods-approve <goodsId>              goods under review → on shelf
  goods-reject <goodsId> --reason "..."  goods under review → rejected; the merchant sees the reason
  brand-review <applicationId>         brand application submitted → under review
  brand-approve <applicationId>        brand application (submitted or) under review → approved (selectable in goodRelease)
  brand-reject <applicationId> --reason "..."  brand application → rejected; the merchant sees the reason
  logout-approve <requestId>           deregistration request → completed; the store is closed (status 4, disabled)
  logout-reject <requestId> --reason "..."  deregistration request → refused; the merchant sees the reason at /logouting
  profile-approve <changeId>           shop-profile change (name, licence, legal person, categories) → approved; the store takes it
  profile-reject <changeId> --reason "..."  shop-profile change → rejected; the merchant sees the reason beside the current data
  activity-create                      publishes a platform campaign (times: ISO date-times or epoch seconds; the file holds the
                                       same fields in camelCase: titleZh, signUpFrom, minDiscountBp, categoryIds, maxGoods, quota …)
  activity-approve <applicationId>     activity application pending → approved; takes one of the campaign's places (refused when none is left)
  activity-reject <applicationId> --reason "..."  activity application → rejected; the merchant sees the reason in activityList
  delivery-suspend <contractId> --reason "..."  provider delivery running → suspended by the platform
  delivery-provider-suspend <contractId> --reason "..."  running → suspended by the provider (the platform relays its notice)
  delivery-resume <contractId>         provider delivery suspended → running (only the platform lifts a suspension)
  ledger-check                         checks the ledger's invariants (debits = credits, balances = entries, per day,
                                       none negative, frozen = open withdrawals, refunds within captured); exit 1 on a break
environment: STORE_SERVER_URL (default http://127.0.0.1:3100), OPERATOR_KEY (default: the development key)`;

/** `activity-create`: the campaign to publish (docs/marketing.md "Platform activities"). */
export interface ActivityCreateCliCommand {
  action: 'create';
  campaign: ActivityCreateCommand;
  reason?: undefined;
}

export type AnyOperatorCommand =
  | OperatorCommand
  | GoodsOperatorCommand
  | BrandOperatorCommand
  | LogoutOperatorCommand
  | ProfileOperatorCommand
  | ActivityOperatorCommand
  | ProviderContractOperatorCommand
  | ActivityCreateCliCommand;

const ACTIVITY_CREATE_FLAGS = {
  'title-zh': 'titleZh',
  'title-en': 'titleEn',
  description: 'description',
  'sign-up-from': 'signUpFrom',
  'sign-up-until': 'signUpUntil',
  'run-from': 'runFrom',
  'run-until': 'runUntil',
  'min-discount-bp': 'minDiscountBp',
  categories: 'categoryIds',
  'max-goods': 'maxGoods',
  quota: 'quota',
} as const;

/** `activity-create` from `--file` (JSON) or the flags, checked by the operator endpoint's own schema. */
function parseActivityCreate(argv: readonly string[]): ParsedCommand {
  let parsed;
  try {
    const options = Object.fromEntries(Object.keys(ACTIVITY_CREATE_FLAGS).map((flag) => [flag, { type: 'string' as const }]));
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { ...options, file: { type: 'string' } } });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  if (parsed.positionals.length > 1) return { ok: false, message: 'activity-create takes no positional arguments' };
  const values = parsed.values as Record<string, string | undefined>;
  let input: Record<string, unknown> = {};
  if (values.file !== undefined) {
    try {
      input = JSON.parse(readFileSync(values.file, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      return { ok: false, message: `cannot read ${values.file}: ${(error as Error).message}` };
    }
  }
  for (const [flag, field] of Object.entries(ACTIVITY_CREATE_FLAGS)) {
    const value = values[flag];
    if (value === undefined) continue;
    input[field] = field === 'categoryIds' ? value.split(',').filter(Boolean).map(Number) : value;
  }
  const result = activityCreateSchema.safeParse(input);
  return result.success ? { ok: true, command: { action: 'create', campaign: result.data } } : { ok: false, message: describeValidationError(result.error, input) };
}
export type ParsedCommand = { ok: true; command: AnyOperatorCommand } | { ok: false; message: string };

export function parseOperatorArgs(argv: readonly string[]): ParsedCommand {
  if (argv[0] === 'activity-create') return parseActivityCreate(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { reason: { type: 'string' } } });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const [action, storeId, ...extra] = parsed.positionals;
  if (action?.startsWith('delivery-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected a delivery action and one contract id' };
    const input = { action: action.slice('delivery-'.length), contractId: storeId, reason: parsed.values.reason };
    const delivery = providerContractOperatorCommandSchema.safeParse(input);
    return delivery.success ? { ok: true, command: delivery.data } : { ok: false, message: describeValidationError(delivery.error, input) };
  }
  if (action?.startsWith('activity-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected an activity action and one application id' };
    const input = { action: action.slice('activity-'.length), activityApplicationId: storeId, reason: parsed.values.reason };
    const activity = activityOperatorCommandSchema.safeParse(input);
    return activity.success ? { ok: true, command: activity.data } : { ok: false, message: describeValidationError(activity.error, input) };
  }
  if (action?.startsWith('profile-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected a profile action and one change id' };
    const input = { action: action.slice('profile-'.length), changeId: storeId, reason: parsed.values.reason };
    const profile = profileOperatorCommandSchema.safeParse(input);
    return profile.success ? { ok: true, command: profile.data } : { ok: false, message: describeValidationError(profile.error, input) };
  }
  if (action?.startsWith('logout-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected a logout action and one request id' };
    const input = { action: action.slice('logout-'.length), requestId: storeId, reason: parsed.values.reason };
    const logout = logoutOperatorCommandSchema.safeParse(input);
    return logout.success ? { ok: true, command: logout.data } : { ok: false, message: describeValidationError(logout.error, input) };
  }
  if (action?.startsWith('brand-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected a brand action and one application id' };
    const input = { action: action.slice('brand-'.length), applicationId: storeId, reason: parsed.values.reason };
    const brand = brandOperatorCommandSchema.safeParse(input);
    return brand.success ? { ok: true, command: brand.data } : { ok: false, message: describeValidationError(brand.error, input) };
  }
  if (action?.startsWith('goods-')) {
    if (!storeId || extra.length > 0) return { ok: false, message: 'expected a goods action and one goods id' };
    const input = { action: action.slice('goods-'.length), goodsId: storeId, reason: parsed.values.reason };
    const goods = goodsOperatorCommandSchema.safeParse(input);
    return goods.success ? { ok: true, command: goods.data } : { ok: false, message: describeValidationError(goods.error, input) };
  }
  if (!action || !storeId || extra.length > 0) return { ok: false, message: 'expected an action and one store id' };
  const input = { action, storeId, reason: parsed.values.reason };
  const result = operatorCommandSchema.safeParse(input);
  return result.success ? { ok: true, command: result.data } : { ok: false, message: describeValidationError(result.error, input) };
}

interface OperatorAnswer {
  code: string;
  msg: string;
  data: { id: number; storeName: string; storeStatus: number; rejectReason: string | null; forbiddenReason: string | null } | null;
}

interface GoodsOperatorAnswer {
  code: string;
  msg: string;
  data: { goodsId: number; storeId: number; status: number; rejectReason: string | null; snapshotId: number | null } | null;
}

interface BrandOperatorAnswer {
  code: string;
  msg: string;
  data: { applicationId: number; storeId: number; brandName: string; status: number; rejectReason: string | null } | null;
}

interface LogoutOperatorAnswer {
  code: string;
  msg: string;
  data: { id: number; storeName: string; status: number; createTime: number; decideTime: number | null; rejectReason: string | null } | null;
}

interface ProfileOperatorAnswer {
  code: string;
  msg: string;
  data: { changeId: number; storeId: number; kind: string; status: number; rejectReason: string | null } | null;
}

interface ActivityOperatorAnswer {
  code: string;
  msg: string;
  data: { applicationId: number; campaignId: number; storeId: number; state: number; reason: string | null } | { campaignId: number; titleZh: string; quota: number } | null;
}

const isDeliveryCommand = (command: AnyOperatorCommand): command is ProviderContractOperatorCommand => 'contractId' in command;

interface ProviderContractOperatorAnswer {
  code: string;
  msg: string;
  data: { contractId: number; storeId: number; providerName: string; state: number; suspendedBy: string | null; suspendReason: string | null } | null;
}

const isActivityCreate = (command: AnyOperatorCommand): command is ActivityCreateCliCommand => 'campaign' in command;
const isActivityCommand = (command: AnyOperatorCommand): command is ActivityOperatorCommand => 'activityApplicationId' in command;
const isProfileCommand = (command: AnyOperatorCommand): command is ProfileOperatorCommand => 'changeId' in command;
const isLogoutCommand = (command: AnyOperatorCommand): command is LogoutOperatorCommand => 'requestId' in command;
const isGoodsCommand = (command: AnyOperatorCommand): command is GoodsOperatorCommand => 'goodsId' in command;
const isBrandCommand = (command: AnyOperatorCommand): command is BrandOperatorCommand => 'applicationId' in command;

/** The operator endpoint a command goes to. */
function targetOf(command: AnyOperatorCommand): string {
  if (isDeliveryCommand(command)) return `${OPERATOR_PROVIDER_CONTRACTS_PATH_PREFIX}/${command.contractId}`;
  if (isActivityCreate(command)) return OPERATOR_ACTIVITIES_PATH;
  if (isActivityCommand(command)) return `${OPERATOR_ACTIVITY_APPLICATIONS_PATH_PREFIX}/${command.activityApplicationId}/${command.action}`;
  if (isProfileCommand(command)) return `${OPERATOR_PROFILE_CHANGES_PATH_PREFIX}/${command.changeId}`;
  if (isLogoutCommand(command)) return `${OPERATOR_LOGOUTS_PATH_PREFIX}/${command.requestId}`;
  if (isBrandCommand(command)) return `${OPERATOR_BRANDS_PATH_PREFIX}/${command.applicationId}`;
  if (isGoodsCommand(command)) return `${OPERATOR_GOODS_PATH_PREFIX}/${command.goodsId}`;
  return `${OPERATOR_PATH_PREFIX}/${command.storeId}`;
}

export async function runOperatorCommand(command: OperatorCommand, env?: NodeJS.ProcessEnv): Promise<OperatorAnswer>;
export async function runOperatorCommand(command: GoodsOperatorCommand, env?: NodeJS.ProcessEnv): Promise<GoodsOperatorAnswer>;
export async function runOperatorCommand(command: BrandOperatorCommand, env?: NodeJS.ProcessEnv): Promise<BrandOperatorAnswer>;
export async function runOperatorCommand(command: LogoutOperatorCommand, env?: NodeJS.ProcessEnv): Promise<LogoutOperatorAnswer>;
export async function runOperatorCommand(command: ProfileOperatorCommand, env?: NodeJS.ProcessEnv): Promise<ProfileOperatorAnswer>;
export async function runOperatorCommand(command: ActivityOperatorCommand | ActivityCreateCliCommand, env?: NodeJS.ProcessEnv): Promise<ActivityOperatorAnswer>;
export async function runOperatorCommand(command: AnyOperatorCommand, env?: NodeJS.ProcessEnv): Promise<AnyOperatorAnswer>;
export async function runOperatorCommand(command: AnyOperatorCommand, env: NodeJS.ProcessEnv = process.env): Promise<AnyOperatorAnswer> {
  const base = (env.STORE_SERVER_URL || 'http://127.0.0.1:3100').replace(/\/+$/, '');
  const key = env.OPERATOR_KEY || DEV_OPERATOR_KEY;
  const target = targetOf(command);
  const activity = isActivityCreate(command) || isActivityCommand(command);
  const response = await fetch(activity ? `${base}${target}` : `${base}${target}/${command.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: key },
    body: JSON.stringify(isActivityCreate(command) ? command.campaign : command.reason === undefined ? {} : { reason: command.reason }),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as OperatorAnswer;
  } catch {
    return { code: String(response.status), msg: text.slice(0, 200) || response.statusText, data: null };
  }
}

type AnyOperatorAnswer = ProviderContractOperatorAnswer | OperatorAnswer | GoodsOperatorAnswer | BrandOperatorAnswer | LogoutOperatorAnswer | ProfileOperatorAnswer | ActivityOperatorAnswer;

interface LedgerCheckAnswer {
  code: string;
  msg: string;
  data: { ok: boolean; breaks: Array<{ rule: string; detail: string }>; counted: { transfers: number; entries: number; storeAccounts: number; accountDays: number } } | null;
}

/** `ledger-check`: asks the running server to check the ledger; 0 when every invariant holds, 1 otherwise. */
export async function runLedgerCheck(env: NodeJS.ProcessEnv = process.env, print: (line: string) => void = console.log): Promise<number> {
  const base = (env.STORE_SERVER_URL || 'http://127.0.0.1:3100').replace(/\/+$/, '');
  let answer: LedgerCheckAnswer;
  try {
    const response = await fetch(`${base}${OPERATOR_LEDGER_CHECK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: env.OPERATOR_KEY || DEV_OPERATOR_KEY },
      body: '{}',
    });
    answer = (await response.json()) as LedgerCheckAnswer;
  } catch (error) {
    print(`store-server is not reachable: ${(error as Error).message}`);
    return 1;
  }
  if (answer.code !== '00000000' || !answer.data) {
    print(`refused (${answer.code}): ${answer.msg}`);
    return 1;
  }
  const { ok, breaks, counted } = answer.data;
  print(`ledger check: ${ok ? 'ok' : `${breaks.length} break(s)`} (${counted.transfers} transfers, ${counted.entries} entries, ${counted.storeAccounts} store accounts, ${counted.accountDays} account-days)`);
  for (const broken of breaks) print(`  ${broken.rule}: ${broken.detail}`);
  return ok ? 0 : 1;
}

async function main(): Promise<number> {
  if (process.argv[2] === 'ledger-check') return runLedgerCheck();
  const parsed = parseOperatorArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.message}\n${USAGE}`);
    return 2;
  }
  let answer: AnyOperatorAnswer;
  try {
    answer = await runOperatorCommand(parsed.command);
  } catch (error) {
    console.error(`store-server is not reachable: ${(error as Error).message}`);
    return 1;
  }
  if (answer.code !== '00000000' || !answer.data) {
    console.error(`refused (${answer.code}): ${answer.msg}`);
    return 1;
  }
  if ('suspendedBy' in answer.data) {
    const contract = answer.data;
    console.log(`provider delivery contract ${contract.contractId} (${contract.providerName}) of store ${contract.storeId} is now state ${contract.state}${contract.suspendedBy ? ` (suspended by the ${contract.suspendedBy}: ${contract.suspendReason})` : ''}`);
    return 0;
  }
  if ('titleZh' in answer.data) {
    console.log(`activity ${answer.data.campaignId} "${answer.data.titleZh}" is published with ${answer.data.quota} places`);
    return 0;
  }
  if ('campaignId' in answer.data) {
    const application = answer.data;
    console.log(`activity application ${application.applicationId} of store ${application.storeId} is now state ${application.state}${application.reason ? ` (reason: ${application.reason})` : ''}`);
    return 0;
  }
  if ('changeId' in answer.data) {
    const change = answer.data;
    console.log(`shop-profile change ${change.changeId} (${change.kind}) of store ${change.storeId} is now status ${change.status}${change.rejectReason ? ` (reason: ${change.rejectReason})` : ''}`);
    return 0;
  }
  if ('decideTime' in answer.data) {
    const request = answer.data;
    console.log(`deregistration request ${request.id} of "${request.storeName}" is now status ${request.status}${request.rejectReason ? ` (reason: ${request.rejectReason})` : ''}`);
    return 0;
  }
  if ('applicationId' in answer.data) {
    const brand = answer.data;
    console.log(`brand application ${brand.applicationId} ("${brand.brandName}") of store ${brand.storeId} is now status ${brand.status}${brand.rejectReason ? ` (reason: ${brand.rejectReason})` : ''}`);
    return 0;
  }
  if ('goodsId' in answer.data) {
    const goods = answer.data;
    console.log(`goods ${goods.goodsId} of store ${goods.storeId} is now status ${goods.status}${goods.rejectReason ? ` (reason: ${goods.rejectReason})` : ''}`);
    return 0;
  }
  const store = answer.data;
  const reason = store.rejectReason || store.forbiddenReason;
  console.log(`store ${store.id} "${store.storeName}" is now status ${store.storeStatus}${reason ? ` (reason: ${reason})` : ''}`);
  return 0;
}

if (process.argv[1] && /operator(-cli|\.cli)\.(js|ts)$/.test(process.argv[1])) {
  main().then((code) => process.exit(code));
}
