// `npm run operator -- <approve|reject|disable|enable> <storeId> [--reason "..."]`
// The platform's review decisions, taken outside the console (docs/onboarding.md). It talks to the
// running store-server's operator endpoint, because an embedded PGlite database belongs to the one
// process that opened it. STORE_SERVER_URL and OPERATOR_KEY choose the server and the key.
import { parseArgs } from 'node:util';
import { DEV_OPERATOR_KEY } from '../../config';
import { describeValidationError } from '../../shared/fields';
import { OPERATOR_ACTIONS, OPERATOR_KEY_HEADER, OPERATOR_PATH_PREFIX, operatorCommandSchema, type OperatorCommand } from './operator.schemas';

const USAGE = `usage: npm run operator -- <${OPERATOR_ACTIONS.join('|')}> <storeId> [--reason "..."]
  approve <storeId>                    under review → approved
  reject <storeId> --reason "..."      under review → rejected; the merchant sees the reason and re-submits
  disable <storeId> --reason "..."     approved → disabled; the reason is the store's forbiddenReason
  enable <storeId>                     disabled → approved
environment: STORE_SERVER_URL (default http://127.0.0.1:3100), OPERATOR_KEY (default: the development key)`;

export type ParsedCommand = { ok: true; command: OperatorCommand } | { ok: false; message: string };

export function parseOperatorArgs(argv: readonly string[]): ParsedCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: { reason: { type: 'string' } } });
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const [action, storeId, ...extra] = parsed.positionals;
  if (!action || !storeId || extra.length > 0) return { ok: false, message: 'expected an action and one store id' };
  const result = operatorCommandSchema.safeParse({ action, storeId, reason: parsed.values.reason });
  return result.success ? { ok: true, command: result.data } : { ok: false, message: describeValidationError(result.error) };
}

interface OperatorAnswer {
  code: string;
  msg: string;
  data: { id: number; storeName: string; storeStatus: number; rejectReason: string | null; forbiddenReason: string | null } | null;
}

export async function runOperatorCommand(command: OperatorCommand, env: NodeJS.ProcessEnv = process.env): Promise<OperatorAnswer> {
  const base = (env.STORE_SERVER_URL || 'http://127.0.0.1:3100').replace(/\/+$/, '');
  const key = env.OPERATOR_KEY || DEV_OPERATOR_KEY;
  const response = await fetch(`${base}${OPERATOR_PATH_PREFIX}/${command.storeId}/${command.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_KEY_HEADER]: key },
    body: JSON.stringify(command.reason === undefined ? {} : { reason: command.reason }),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as OperatorAnswer;
  } catch {
    return { code: String(response.status), msg: text.slice(0, 200) || response.statusText, data: null };
  }
}

async function main(): Promise<number> {
  const parsed = parseOperatorArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.message}\n${USAGE}`);
    return 2;
  }
  let answer: OperatorAnswer;
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
  const store = answer.data;
  const reason = store.rejectReason || store.forbiddenReason;
  console.log(`store ${store.id} "${store.storeName}" is now status ${store.storeStatus}${reason ? ` (reason: ${reason})` : ''}`);
  return 0;
}

if (process.argv[1] && /operator(-cli|\.cli)\.(js|ts)$/.test(process.argv[1])) {
  main().then((code) => process.exit(code));
}
