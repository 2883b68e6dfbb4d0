import {
  PROVIDER_CONTRACT_MACHINE,
  PROVIDER_CONTRACT_STATE_LABELS,
  labelOf,
  type Actor,
  type EndpointAnswer,
  type EndpointParsedBiz,
  type ProviderContractEvent,
  type providerDeliveryEndpoints,
} from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, text } from '../../shared/store-error';
import { ProviderDeliveryRepository, type ContractRow, type MoveColumns, type ProviderRow, type StepActor } from './provider-delivery.repository';

type Api = typeof providerDeliveryEndpoints;
export type ProviderContractDetailView = EndpointAnswer<Api['contractDetail']>;

const EVENT_TEXTS: Readonly<Record<ProviderContractEvent, [string, string]>> = {
  sign: ['签署', 'sign'],
  suspend: ['暂停', 'suspend'],
  resume: ['恢复', 'resume'],
  close: ['关闭', 'close'],
};
const ACTOR_TEXTS: Readonly<Record<StepActor, [string, string]>> = {
  merchant: ['店铺', 'the store'],
  provider: ['服务商', 'the provider'],
  platform: ['平台', 'the platform'],
};

const contractNotFound = () => new StoreError(STORE_CODES.notFound, text('服务商配送合同不存在', 'provider delivery contract not found'));
const providerNotFound = () => new StoreError(STORE_CODES.notFound, text('服务商不存在', 'delivery provider not found'));

/** The refusal of a step the machine does not allow: what was asked, the state it met, and what is allowed there. */
function illegalStep(state: number, event: ProviderContractEvent, actor: StepActor): StoreError {
  const allowed = PROVIDER_CONTRACT_MACHINE.eventsFrom(state, actor);
  const [eventZh, eventEn] = EVENT_TEXTS[event];
  const [actorZh, actorEn] = ACTOR_TEXTS[actor];
  const allowedZh = allowed.length ? `，当前可${allowed.map((e) => EVENT_TEXTS[e][0]).join('、')}` : '';
  const allowedEn = allowed.length ? `; ${actorEn} may ${allowed.map((e) => EVENT_TEXTS[e][1]).join(' or ')} it now` : '';
  return new StoreError(
    STORE_CODES.notAllowedInCurrentState,
    text(
      `合同当前状态为“${labelOf(PROVIDER_CONTRACT_STATE_LABELS, state, 'zh-CN')}”，${actorZh}不能${eventZh}${allowedZh}`,
      `${actorEn} cannot ${eventEn} a contract that is ${labelOf(PROVIDER_CONTRACT_STATE_LABELS, state, 'en-US')}${allowedEn}`,
    ),
    { state, event, allowed },
  );
}

const seconds = (at: Date | null) => (at === null ? null : epochSecondsOf(at));

function contractView(row: ContractRow): EndpointAnswer<Api['contractDetail']>['contract'] {
  return {
    contractId: row.id,
    providerId: row.provider_id,
    providerName: row.provider_name,
    state: row.state as 1 | 2 | 3 | 4,
    agreementTitle: row.agreement_title,
    agreementVersion: row.agreement_version,
    openTime: epochSecondsOf(row.opened_at),
    openedBy: row.opened_by,
    signTime: seconds(row.signed_at),
    signedBy: row.signed_by,
    suspendedBy: row.suspended_by as 'provider' | 'platform' | null,
    suspendReason: row.suspend_reason,
    closeTime: seconds(row.closed_at),
    closedBy: row.closed_by,
    closeReason: row.close_reason,
  };
}

function providerView(row: ProviderRow): EndpointAnswer<Api['providerList']>[number] {
  return {
    providerId: row.id,
    name: row.name,
    serviceArea: row.service_area,
    feeNote: row.fee_note,
    contactPhone: row.contact_phone,
    agreementTitle: row.agreement_title,
    agreementVersion: row.agreement_version,
  };
}

/** What the operator's command answers (the CLI prints it). */
export interface ProviderContractOperatorView {
  contractId: number;
  storeId: number;
  providerName: string;
  state: number;
  suspendedBy: string | null;
  suspendReason: string | null;
}

/**
 * Issue 27 §6 provider delivery (docs/merchant-centre.md "Service-provider delivery"). Every move goes through
 * PROVIDER_CONTRACT_MACHINE for its actor: the row is locked, the machine decides (10100005 naming the state
 * and what is allowed, nothing changed), the update is guarded by the event's from-states, and the step is
 * recorded, all in one transaction.
 */
export class ProviderDeliveryService {
  constructor(
    private readonly repository: ProviderDeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async providers(): Promise<EndpointAnswer<Api['providerList']>> {
    return (await this.repository.providers()).map(providerView);
  }

  async list(caller: Caller, biz: EndpointParsedBiz<Api['contractList']>): Promise<EndpointAnswer<Api['contractList']>> {
    const { total, rows } = await this.repository.listContracts(caller.storeId, { state: biz.state, offset: (biz.pageNum - 1) * biz.pageSize, limit: biz.pageSize });
    return { pageNum: biz.pageNum, pageSize: biz.pageSize, total, list: rows.map(contractView) };
  }

  detail(caller: Caller, contractId: number): Promise<ProviderContractDetailView> {
    return this.detailOf(this.repository, contractId, caller.storeId);
  }

  async open(caller: Caller, providerId: number): Promise<ProviderContractDetailView> {
    return this.repository.transaction(async (repository) => {
      const provider = await repository.findProvider(providerId);
      if (!provider || !provider.enabled) throw providerNotFound();
      const by = await this.account(repository, caller);
      const at = this.clock.now();
      const contractId = await repository.insertContract(caller.storeId, provider, by, at);
      if (contractId === undefined) {
        const current = await repository.openContractOf(caller.storeId);
        throw new StoreError(
          STORE_CODES.notAllowedInCurrentState,
          text(
            `店铺已有未关闭的服务商配送合同（编号 ${current?.id ?? '-'}），请先关闭它再开通新的服务`,
            `the store already has a provider delivery contract that is not closed (no. ${current?.id ?? '-'}); close it before opening another`,
          ),
          { contractId: current?.id ?? null },
        );
      }
      await repository.insertStep(contractId, 'open', { actor: 'merchant', userId: caller.userId, userName: by.userName, reason: null }, null, PROVIDER_CONTRACT_MACHINE.initial, at);
      return this.detailOf(repository, contractId, caller.storeId);
    });
  }

  async sign(caller: Caller, biz: EndpointParsedBiz<Api['signContract']>): Promise<ProviderContractDetailView> {
    return this.repository.transaction(async (repository) => {
      const by = await this.account(repository, caller);
      const at = this.clock.now();
      await this.step(repository, biz.contractId, 'sign', { actor: 'merchant', userId: caller.userId, userName: by.userName, reason: null }, caller.storeId, at, {
        agreementVersion: biz.agreementVersion,
        columns: { signed_at: at, signed_by_user_id: caller.userId, signed_by: by.userName },
      });
      return this.detailOf(repository, biz.contractId, caller.storeId);
    });
  }

  async close(caller: Caller, biz: EndpointParsedBiz<Api['closeContract']>): Promise<ProviderContractDetailView> {
    return this.repository.transaction(async (repository) => {
      const by = await this.account(repository, caller);
      const at = this.clock.now();
      const reason = biz.reason || null;
      await this.step(repository, biz.contractId, 'close', { actor: 'merchant', userId: caller.userId, userName: by.userName, reason }, caller.storeId, at, {
        columns: { closed_at: at, closed_by_user_id: caller.userId, closed_by: by.userName, close_reason: reason, suspended_by: null, suspend_reason: null },
      });
      return this.detailOf(repository, biz.contractId, caller.storeId);
    });
  }

  /** The provider's or the platform's suspension, and the platform's resumption (the operator's commands). */
  async operatorStep(contractId: number, event: 'suspend' | 'resume', actor: 'provider' | 'platform', reason: string | null): Promise<ProviderContractOperatorView> {
    return this.repository.transaction(async (repository) => {
      const at = this.clock.now();
      const columns: MoveColumns = event === 'suspend' ? { suspended_by: actor, suspend_reason: reason } : { suspended_by: null, suspend_reason: null };
      await this.step(repository, contractId, event, { actor, userId: null, userName: null, reason }, undefined, at, { columns });
      const row = (await repository.findContract(contractId))!;
      return { contractId: row.id, storeId: row.store_id, providerName: row.provider_name, state: row.state, suspendedBy: row.suspended_by, suspendReason: row.suspend_reason };
    });
  }

  /** One move by the machine's table; the caller's transaction holds the lock until the step is written. */
  private async step(
    repository: ProviderDeliveryRepository,
    contractId: number,
    event: ProviderContractEvent,
    by: { actor: StepActor; userId: number | null; userName: string | null; reason: string | null },
    storeId: number | undefined,
    at: Date,
    options: { agreementVersion?: string; columns: MoveColumns },
  ): Promise<void> {
    const current = await repository.lockContract(contractId, storeId);
    if (!current) throw contractNotFound();
    const to = PROVIDER_CONTRACT_MACHINE.next(current.state, event, by.actor as Actor);
    if (to === undefined) throw illegalStep(current.state, event, by.actor);
    if (options.agreementVersion !== undefined && options.agreementVersion !== current.agreement_version) {
      throw new StoreError(
        STORE_CODES.notAllowedInCurrentState,
        text(`协议已更新为 ${current.agreement_version} 版，请阅读后重新签署`, `the agreement is now version ${current.agreement_version}; read it and sign again`),
        { agreementVersion: current.agreement_version },
      );
    }
    const from = PROVIDER_CONTRACT_MACHINE.states.filter((state) => PROVIDER_CONTRACT_MACHINE.next(state, event, by.actor as Actor) === to);
    const moved = await repository.move(contractId, { storeId, from, agreementVersion: options.agreementVersion }, to, options.columns);
    // The row is locked and was in `from`: the guarded update cannot miss unless the lock did not hold.
    if (moved === undefined) throw illegalStep(current.state, event, by.actor);
    await repository.insertStep(contractId, event, by, current.state, to, at);
  }

  private async account(repository: ProviderDeliveryRepository, caller: Caller): Promise<{ userId: number; userName: string }> {
    const user = await repository.userName(caller.storeId, caller.userId);
    return { userId: caller.userId, userName: user?.username ?? String(caller.userId) };
  }

  private async detailOf(repository: ProviderDeliveryRepository, contractId: number, storeId: number): Promise<ProviderContractDetailView> {
    const row = await repository.findContract(contractId, storeId);
    if (!row) throw contractNotFound();
    const provider = (await repository.findProvider(row.provider_id))!;
    const steps = await repository.steps(contractId);
    return {
      contract: contractView(row),
      provider: providerView(provider),
      agreementText: { 'zh-CN': row.agreement_zh, 'en-US': row.agreement_en },
      steps: steps.map((s) => ({
        event: s.event as 'open' | 'sign' | 'suspend' | 'resume' | 'close',
        actor: s.actor as StepActor,
        userName: s.user_name,
        time: epochSecondsOf(s.at),
        reason: s.reason,
      })),
    };
  }
}
