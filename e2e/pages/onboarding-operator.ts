import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const OPERATOR_CLI = path.join(root, 'apps/store-server/dist/operator-cli.js');

export interface OperatorResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * The platform operator: `npm run operator -- <action> <storeId> [--reason ...]` against the e2e
 * stack's store-server (the built CLI itself, so the test proves what the README documents).
 */
export class PlatformOperator {
  constructor(private readonly storeUrl: string) {}

  run(args: string[]): Promise<OperatorResult> {
    return new Promise((resolve) => {
      execFile(process.execPath, [OPERATOR_CLI, ...args], { env: { ...process.env, STORE_SERVER_URL: this.storeUrl } }, (error, stdout, stderr) => {
        resolve({ exitCode: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  approve(storeId: number) {
    return this.run(['approve', String(storeId)]);
  }

  reject(storeId: number, reason: string) {
    return this.run(['reject', String(storeId), '--reason', reason]);
  }
}
