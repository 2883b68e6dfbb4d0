import type { Kysely, Transaction } from 'kysely';
import type { StoreDatabase } from '../../db/schema';

type Db = Kysely<StoreDatabase> | Transaction<StoreDatabase>;

export type ContractRow = Awaited<ReturnType<ProviderDeliveryRepository['findContract']>> & {};
export type ProviderRow = Awaited<ReturnType<ProviderDeliveryRepository['findProvider']>> & {};
export type StepActor = 'merchant' | 'provider' | 'platform';

/** Who takes a step: the store's account (merchant steps) or the provider / platform (none). */
export interface StepBy {
  actor: StepActor;
  userId: number | null;
  userName: string | null;
  reason: string | null;
}

/** The columns a move sets besides `state` (signing's time and account, a suspension, a closing). */
export type MoveColumns = Partial<
  Pick<
    StoreDatabase['store_provider_contract'],
    'signed_at' | 'signed_by_user_id' | 'signed_by' | 'suspended_by' | 'suspend_reason' | 'closed_at' | 'closed_by_user_id' | 'closed_by' | 'close_reason'
  >
>;

/** Issue 27 §6 provider delivery (migration 0033): the providers, a store's contracts and their steps. */
export class ProviderDeliveryRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repository: ProviderDeliveryRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ProviderDeliveryRepository(trx)));
  }

  providers() {
    return this.db.selectFrom('ref_delivery_provider').selectAll().where('enabled', '=', true).orderBy('id').execute();
  }

  findProvider(providerId: number) {
    return this.db.selectFrom('ref_delivery_provider').selectAll().where('id', '=', providerId).executeTakeFirst();
  }

  userName(storeId: number, userId: number) {
    return this.db.selectFrom('store_user').select('username').where('id', '=', userId).where('store_id', '=', storeId).executeTakeFirst();
  }

  private contracts() {
    return this.db
      .selectFrom('store_provider_contract as c')
      .innerJoin('ref_delivery_provider as p', 'p.id', 'c.provider_id')
      .selectAll('c')
      .select('p.name as provider_name');
  }

  /** The contract, of this store when `storeId` is given (the operator's commands name any store's). */
  findContract(contractId: number, storeId?: number) {
    let query = this.contracts().where('c.id', '=', contractId);
    if (storeId !== undefined) query = query.where('c.store_id', '=', storeId);
    return query.executeTakeFirst();
  }

  async listContracts(storeId: number, filter: { state?: number; offset: number; limit: number }) {
    let query = this.db.selectFrom('store_provider_contract').where('store_id', '=', storeId);
    if (filter.state !== undefined) query = query.where('state', '=', filter.state);
    const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    let rows = this.contracts().where('c.store_id', '=', storeId);
    if (filter.state !== undefined) rows = rows.where('c.state', '=', filter.state);
    return { total: Number(total.n), rows: await rows.orderBy('c.id', 'desc').offset(filter.offset).limit(filter.limit).execute() };
  }

  /**
   * A new contract awaiting the signature, copying the provider's agreement; undefined when the store already
   * has one not closed (the partial unique index decides, so two concurrent openings cannot both succeed).
   */
  async insertContract(storeId: number, provider: ProviderRow, by: { userId: number; userName: string }, at: Date) {
    const row = await this.db
      .insertInto('store_provider_contract')
      .values({
        store_id: storeId,
        provider_id: provider.id,
        state: 1,
        agreement_title: provider.agreement_title,
        agreement_version: provider.agreement_version,
        agreement_zh: provider.agreement_zh,
        agreement_en: provider.agreement_en,
        opened_at: at,
        opened_by_user_id: by.userId,
        opened_by: by.userName,
      })
      .onConflict((oc) => oc.column('store_id').where('state', '<>', 4).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Locks the contract's row for one move (store's, when `storeId` is given); its state, or undefined. */
  async lockContract(contractId: number, storeId?: number) {
    let query = this.db.selectFrom('store_provider_contract').select(['id', 'state', 'agreement_version']).where('id', '=', contractId);
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    return query.forUpdate().executeTakeFirst();
  }

  /** The store's contract not closed, if any. */
  openContractOf(storeId: number) {
    return this.db.selectFrom('store_provider_contract').select(['id', 'state']).where('store_id', '=', storeId).where('state', '<>', 4).executeTakeFirst();
  }

  /**
   * One move as one statement: from one of `from` to `to`, setting `columns`, only when the contract is in one
   * of `from` (and of the store, and with `agreementVersion` when given). The id when it moved, else undefined.
   */
  async move(contractId: number, guard: { storeId?: number; from: readonly number[]; agreementVersion?: string }, to: number, columns: MoveColumns) {
    let query = this.db
      .updateTable('store_provider_contract')
      .set({ state: to, ...columns })
      .where('id', '=', contractId)
      .where('state', 'in', [...guard.from]);
    if (guard.storeId !== undefined) query = query.where('store_id', '=', guard.storeId);
    if (guard.agreementVersion !== undefined) query = query.where('agreement_version', '=', guard.agreementVersion);
    const row = await query.returning('id').executeTakeFirst();
    return row?.id;
  }

  async insertStep(contractId: number, event: string, by: StepBy, fromState: number | null, toState: number, at: Date): Promise<void> {
    await this.db
      .insertInto('store_provider_contract_step')
      .values({ contract_id: contractId, event, actor: by.actor, user_id: by.userId, user_name: by.userName, reason: by.reason, from_state: fromState, to_state: toState, at })
      .execute();
  }

  steps(contractId: number) {
    return this.db.selectFrom('store_provider_contract_step').selectAll().where('contract_id', '=', contractId).orderBy('id').execute();
  }
}
