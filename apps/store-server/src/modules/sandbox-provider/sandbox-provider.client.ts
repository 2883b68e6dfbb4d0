import type { Clock } from '../../shared/clock';
import { SANDBOX_CALLBACK_PATH, SANDBOX_PAYMENTS_PATH, SANDBOX_PAYOUTS_PATH, SANDBOX_TRANSFERS_PATH } from './sandbox-provider.routes';
import { signedHeaders } from './sandbox-signature';

/** A transfer as the provider answers it. */
export interface SandboxTransferView {
  transferId: string;
  kind: 'payment' | 'payout';
  reference: string;
  amountCents: number;
  cardNo: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  failureReason: string | null;
  createdAt: number;
  completedAt: number | null;
}

/** A refusal of the provider: its HTTP status and code (SANDBOX_REFUSALS). */
export class SandboxProviderError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    message: string,
  ) {
    super(`sandbox provider ${httpStatus} ${code}: ${message}`);
  }
}

/**
 * How store-server code (top-ups, withdrawals) calls the provider: over HTTP, signed, as it would call an
 * outside one. The callback URL is store-server's own receiver; a repeat of one reference answers the
 * first transfer, so a retried request never pays twice.
 */
export class SandboxProviderClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  callbackUrl(): string {
    return `${this.baseUrl()}${SANDBOX_CALLBACK_PATH}`;
  }

  createPayment(input: { reference: string; amountCents: number }): Promise<SandboxTransferView> {
    return this.send('POST', SANDBOX_PAYMENTS_PATH, { ...input, callbackUrl: this.callbackUrl() });
  }

  createPayout(input: { reference: string; amountCents: number; cardNo: string }): Promise<SandboxTransferView> {
    return this.send('POST', SANDBOX_PAYOUTS_PATH, { ...input, callbackUrl: this.callbackUrl() });
  }

  transfer(transferId: string): Promise<SandboxTransferView> {
    return this.send('GET', `${SANDBOX_TRANSFERS_PATH}/${encodeURIComponent(transferId)}`);
  }

  private async send(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<SandboxTransferView> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers = signedHeaders(this.secret, this.clock.now().getTime(), body);
    if (method === 'GET') delete headers['content-type'];
    const response = await fetch(`${this.baseUrl()}${path}`, { method, headers, body: method === 'GET' ? undefined : body });
    const answer = (await response.json()) as SandboxTransferView & { code?: string; msg?: string };
    if (!response.ok) throw new SandboxProviderError(response.status, answer.code ?? 'UNKNOWN', answer.msg ?? response.statusText);
    return answer;
  }
}
