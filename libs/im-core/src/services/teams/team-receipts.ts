import type { ImMessage, ImTeamMsgReceipt } from '../../store/entities';
import { validateTeamReceipts } from '../../validation/team-rules';
import type { ServiceContext } from '../service-context';

/** Who read one team message and who did not (§3 "Read detail: idClient, readAccounts, unreadAccounts"). */
export interface ImTeamMsgReadDetail {
  idClient: string;
  readAccounts: string[];
  unreadAccounts: string[];
}

type ReceiptRecord = { teamId?: string; idServer?: string; idClient?: string; read?: number; unread?: number };

function fromWireReceipt(record: ReceiptRecord): ImTeamMsgReceipt | undefined {
  if (!record.teamId || !record.idServer || !record.idClient) return undefined;
  return { teamId: record.teamId, idServer: record.idServer, idClient: record.idClient, read: record.read ?? 0, unread: record.unread ?? 0 };
}

const receiptsOf = (records: readonly ReceiptRecord[] | undefined) => (records ?? []).map(fromWireReceipt).filter((r): r is ImTeamMsgReceipt => r !== undefined);
const toWire = (messages: readonly ImMessage[]) => messages.map((m) => ({ teamId: m.to, idServer: m.idServer!, idClient: m.idClient }));

/**
 * Team read receipts (issue 12 "team read receipts: counts, details, and 814"; §5 receipts max
 * 50). Only messages sent with needMsgReceipt take receipts: the server answers 814 (team
 * read-receipt service forbidden) for the others, and the ImError carries it to the app.
 * Part of the teams service (`client.teams.receipts`).
 */
export class TeamReceipts {
  constructor(private readonly context: ServiceContext) {}

  /** I read these team messages: the server counts me as a reader; answers the counts after. */
  async sendTeamMsgReceipt(messages: readonly ImMessage[]): Promise<ImTeamMsgReceipt[]> {
    const answer = await this.context.connection.request('sendTeamMsgReceipt', { receipts: toWire(validateTeamReceipts(messages)) });
    return receiptsOf(answer.receipts);
  }

  /** Read and unread counts of these team messages. */
  async getTeamMsgReads(messages: readonly ImMessage[]): Promise<ImTeamMsgReceipt[]> {
    const answer = await this.context.connection.request('getTeamMsgReads', { receipts: toWire(validateTeamReceipts(messages)) });
    return receiptsOf(answer.receipts);
  }

  /** Who read one team message and who did not. */
  async getTeamMsgReadAccounts(message: ImMessage): Promise<ImTeamMsgReadDetail> {
    const [checked] = validateTeamReceipts([message]);
    const answer = await this.context.connection.request('getTeamMsgReadAccounts', { receipt: toWire([checked])[0] });
    return {
      idClient: answer.detail?.idClient ?? checked.idClient,
      readAccounts: answer.detail?.readAccounts ?? [],
      unreadAccounts: answer.detail?.unreadAccounts ?? [],
    };
  }

  /** teamMsgReceipt push: new counts of my team messages (someone read them); event `teamMsgReceipts`. */
  receive(body: { receipts?: ReceiptRecord[] }): void {
    const receipts = receiptsOf(body.receipts);
    if (receipts.length > 0) this.context.emit('teamMsgReceipts', receipts);
  }
}
