import { runOperatorCli } from './operator/operator-cli';

// `node apps/im-server/dist/operator.js ...` (npm run operator -w im-server -- ...): see operator-cli.ts.
const code = await runOperatorCli(process.argv.slice(2), { fetch: globalThis.fetch, out: (line) => console.log(line), env: process.env });
process.exit(code);
