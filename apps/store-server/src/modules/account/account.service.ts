import { STORE_STATUS } from '@merchant/api-contracts';
import { maskPhone } from '@merchant/ui-kit/format';
import type { Caller } from '../../http/route';
import type { CheckCodeService } from '../../shared/check-codes';
import { epochSecondsOf, type Clock } from '../../shared/clock';
import { STORE_CODES, StoreError, codeText, text, type StoreMessage } from '../../shared/store-error';
import { hashSecret } from '../../shared/passwords';
import { hashOpaqueToken } from '../../shared/opaque-token';
import type { AuthService, LoginResult } from '../auth';
import type { GoodsFacade } from '../goods';
import type { UnitOfWork } from '../../shared/unit-of-work';
import type { AccountRepository } from './account.repository';
import type { StoreInfo, StoreInfoDraft, StoreInfoChanges } from './account.schemas';
import { keepStoredUrls, withFreshImagesOf, type FreshStoredUrls } from './store-images';

/** Store information may be edited and submitted only before approval or after a rejection. */
const EDITABLE_BEFORE_REVIEW: readonly number[] = [STORE_STATUS.notSubmitted, STORE_STATUS.rejected];
/** console-spec §4: "only 2 and 4 pass into the app". */
const IN_APP: readonly number[] = [STORE_STATUS.approved, STORE_STATUS.disabled];
export const CURRENT_AGREEMENT_VERSION = '2026-01';
/** The operation-log type of an at-once shop-profile change (shopMssage/edit, docs/merchant-centre.md). */
export const STORE_INFO_UPDATE_OPERATION = 'STORE_INFO_UPDATE';
const DAY_MS = 24 * 60 * 60 * 1000;

/** console-spec §3: phone masked showing the first 3 and last 4 characters; the one copy lives in ui-kit. */
export { maskPhone };

/** A stored store-info value as text ('' when absent or not text). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const secondsOf = (date: Date | null): number | null => (date ? epochSecondsOf(date) : null);

/**
 * The submitted store information as getStoreInfoByToken answers it: the legal person's ID number and the
 * contact mobile masked as the shop profile masks them (getStoreInfo). The onboarding screens never re-edit
 * from this answer (they read the draft: getStorageStoreInfoByToken, recoveryStoreInfoByToken), so it is
 * masked in every store status.
 */
function maskedSubmittedInfo(stored: unknown): Record<string, unknown> {
  const info = { ...((stored ?? {}) as Record<string, unknown>) };
  for (const field of ['legalPersonIdNumber', 'contactMobile'] as const) {
    if (typeof info[field] === 'string') info[field] = maskPhone(info[field]);
  }
  return info;
}

const notAllowed = (message: StoreMessage) => new StoreError(STORE_CODES.notAllowedInCurrentState, message);

export class AccountService {
  constructor(
    private readonly stores: AccountRepository,
    private readonly auth: AuthService,
    private readonly checkCodes: CheckCodeService,
    private readonly clock: Clock,
    /** The goods module's public face: a category with goods on shelf cannot be removed. */
    private readonly goods?: GoodsFacade,
    /** The brands module's face: days to the soonest end of an approved brand (null without one), for the dashboard. */
    private readonly brands?: { soonestBrandExpiryDays(storeId: number): Promise<number | null> },
  ) {}

  private async store(caller: Caller) {
    const store = await this.stores.findStore(caller.storeId);
    if (!store) throw new StoreError(STORE_CODES.notFound, text('店铺不存在', 'store not found'));
    return store;
  }

  /** Before sign-up there is no store: the sends of one client address are counted together (check-codes.ts). */
  async sendRegisterCheckCode(mobile: string, clientAddress: string) {
    if (await this.stores.mobileTaken(mobile)) throw new StoreError(STORE_CODES.alreadyExists, text('该手机号已注册', 'this mobile number is already registered'));
    return this.checkCodes.send('register', mobile, { clientAddress });
  }

  /** Creates the account and an empty store (status 0) and signs the new user in. */
  async registerUser(input: { userName: string; password: string; mobile: string; checkCode: string }): Promise<LoginResult> {
    if (await this.stores.usernameTaken(input.userName)) throw new StoreError(STORE_CODES.alreadyExists, text('该用户名已被使用', 'this user name is already taken'));
    if (await this.stores.mobileTaken(input.mobile)) throw new StoreError(STORE_CODES.alreadyExists, text('该手机号已注册', 'this mobile number is already registered'));
    await this.checkCodes.verify('register', input.mobile, input.checkCode);
    const passwordHash = await hashSecret(input.password);
    const created = await this.stores.createAccount({ userName: input.userName, mobile: input.mobile, passwordHash, storeStatus: STORE_STATUS.notSubmitted });
    return this.auth.issueToken({ ...created, storeStatus: STORE_STATUS.notSubmitted });
  }

  async saveDraft(caller: Caller, draft: StoreInfoDraft): Promise<{ saved: true }> {
    const store = await this.store(caller);
    if (!EDITABLE_BEFORE_REVIEW.includes(store.store_status)) throw notAllowed(text('店铺信息只能在提交审核前或被驳回后保存', 'store information can only be saved before review or after a rejection'));
    await this.stores.updateStore(caller.storeId, { store_info_draft: JSON.stringify(draft) });
    return { saved: true };
  }

  /** The draft as saved, its images signed afresh (a draft may wait days for its submission). */
  async getDraft(caller: Caller, fresh: FreshStoredUrls = keepStoredUrls): Promise<StoreInfoDraft> {
    return withFreshImagesOf(((await this.store(caller)).store_info_draft ?? {}) as StoreInfoDraft, fresh);
  }

  /** After a rejection, copies the submitted information back into the draft for editing. */
  async recoverDraft(caller: Caller, fresh: FreshStoredUrls = keepStoredUrls): Promise<StoreInfoDraft> {
    const store = await this.store(caller);
    if (store.store_status !== STORE_STATUS.rejected) throw notAllowed(text('只有被驳回的申请才能恢复修改', 'only a rejected application can be recovered'));
    const draft = (store.store_info ?? {}) as StoreInfoDraft;
    await this.stores.updateStore(caller.storeId, { store_info_draft: JSON.stringify(draft) });
    return withFreshImagesOf(draft, fresh);
  }

  /**
   * Accepting stamps the agreement. While the store is being filled in (not submitted, or rejected and being
   * re-submitted) it may be accepted again; once submitted (under review, approved, disabled) an agreement on
   * record is never re-stamped. A store with none on record may always accept: the dashboard's "sign the
   * agreement" prompt (storePcHome existsProtocol false) leads there (docs/onboarding.md).
   */
  async acceptAgreement(caller: Caller, version = CURRENT_AGREEMENT_VERSION) {
    if (version !== CURRENT_AGREEMENT_VERSION) throw new StoreError(STORE_CODES.invalidParameter, text(`协议版本必须为 ${CURRENT_AGREEMENT_VERSION}`, `agreementVersion must be ${CURRENT_AGREEMENT_VERSION}`));
    const store = await this.store(caller);
    if (store.agreement_accepted_at && !EDITABLE_BEFORE_REVIEW.includes(store.store_status)) {
      throw notAllowed(text('商家协议已签署，店铺提交审核后不能重新签署', 'the merchant agreement is already signed and cannot be signed again once the store has been submitted'));
    }
    const acceptedAt = this.clock.now();
    await this.stores.updateStore(caller.storeId, { agreement_accepted_at: acceptedAt, agreement_version: version });
    return { agreementVersion: version, acceptTime: epochSecondsOf(acceptedAt) };
  }

  private async checkReferences(info: Pick<StoreInfo, 'cityCode' | 'categoryIds'>) {
    const city = await this.stores.findCity(info.cityCode);
    if (!city || city.level !== 2) throw new StoreError(STORE_CODES.invalidParameter, text('所选城市不存在', 'cityCode is not a known city'));
    const found = await this.stores.enabledLeafCategories(info.categoryIds);
    const missing = info.categoryIds.filter((id) => !found.includes(id));
    if (missing.length) throw new StoreError(STORE_CODES.invalidParameter, text(`经营类目不存在或已停用：${missing.join('、')}`, `unknown or disabled categories: ${missing.join(', ')}`));
  }

  /** Submits the store for review: status 0 or 3 → 1. */
  async submitForReview(caller: Caller, info: StoreInfo): Promise<{ storeStatus: number }> {
    const store = await this.store(caller);
    if (!EDITABLE_BEFORE_REVIEW.includes(store.store_status)) throw notAllowed(text('店铺已提交审核', 'the store has already been submitted'));
    if (!store.agreement_accepted_at) throw notAllowed(text('请先签署商家协议', 'please accept the merchant agreement first'));
    await this.checkReferences(info);
    await this.stores.submitStoreInfo(
      caller.storeId,
      {
        store_status: STORE_STATUS.underReview,
        store_name: info.storeName,
        store_type: info.storeType,
        principal_type: info.principalType,
        city_code: info.cityCode,
        store_info: JSON.stringify(info),
        store_info_draft: null,
        reject_reason: null,
        license_expires_on: info.licenseExpireTime ? new Date(info.licenseExpireTime * 1000) : null,
        brand_expires_on: info.brandExpireTime ? new Date(info.brandExpireTime * 1000) : null,
      },
      info.categoryIds,
    );
    return { storeStatus: STORE_STATUS.underReview };
  }

  async getStoreInfoByToken(caller: Caller, fresh: FreshStoredUrls = keepStoredUrls) {
    const store = await this.store(caller);
    return {
      storeId: store.id,
      storeName: store.store_name,
      storeStatus: store.store_status,
      storeType: store.store_type,
      principalType: store.principal_type,
      email: store.email ?? '',
      // Masked like the shop profile's (getStoreInfo): the account screen shows it masked and no screen needs
      // the full number (a mobile change sends its code to the new number, docs/onboarding.md).
      mobile: maskPhone(store.mobile),
      cityCode: store.city_code ?? '',
      rejectReason: store.reject_reason ?? '',
      forbiddenReason: store.forbidden_reason ?? '',
      agreementAccepted: store.agreement_accepted_at !== null,
      storeInfo: await withFreshImagesOf(maskedSubmittedInfo(store.store_info), fresh),
    };
  }

  /** The shop profile; the logo and the licence image signed afresh when they are files of the store's library. */
  async getStoreInfo(caller: Caller, fresh: FreshStoredUrls = keepStoredUrls) {
    const store = await this.store(caller);
    const info = await withFreshImagesOf((store.store_info ?? {}) as Record<string, unknown>, fresh);
    return {
      storeId: store.id,
      storeName: store.store_name,
      storeType: store.store_type,
      storeStatus: store.store_status,
      principalType: store.principal_type,
      storeLogoUrl: typeof info.storeLogoUrl === 'string' ? info.storeLogoUrl : '',
      storeIntro: typeof info.storeIntro === 'string' ? info.storeIntro : '',
      address: typeof info.address === 'string' ? info.address : '',
      cityCode: store.city_code ?? '',
      mobile: maskPhone(store.mobile),
      categories: await this.stores.storeCategories(caller.storeId),
      contactName: textOf(info.contactName),
      contactMobile: maskPhone(textOf(info.contactMobile)),
      legalPersonName: textOf(info.legalPersonName),
      legalPersonIdNumber: maskPhone(textOf(info.legalPersonIdNumber)),
      licenseNumber: textOf(info.licenseNumber),
      licenseImageUrl: textOf(info.licenseImageUrl),
      licenseExpireTime: secondsOf(store.license_expires_on),
      brandName: textOf(info.brandName),
      brandExpireTime: secondsOf(store.brand_expires_on),
    };
  }

  async updateStoreInfo(caller: Caller, changes: StoreInfoChanges, fresh: FreshStoredUrls = keepStoredUrls) {
    const store = await this.store(caller);
    if (!IN_APP.includes(store.store_status)) throw notAllowed(text('店铺审核通过后才能修改店铺信息', 'store information can be edited after approval'));
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const merged = { ...((store.store_info ?? {}) as Record<string, unknown>), ...defined };
    await this.stores.updateStoreInfoLogged(caller.storeId, JSON.stringify(merged), {
      userId: caller.userId,
      sessionTokenHash: hashOpaqueToken(caller.accessToken),
      operationType: STORE_INFO_UPDATE_OPERATION,
      at: this.clock.now(),
    });
    return this.getStoreInfo(caller, fresh);
  }

  /** The code for an email change goes to the store's current mobile (our design; the spec leaves it open). */
  async sendUpdateEmailCheckCode(caller: Caller) {
    const store = await this.store(caller);
    const sent = await this.checkCodes.send('update-email', store.mobile, { storeId: caller.storeId });
    return { ...sent, mobile: maskPhone(store.mobile) };
  }

  async updateEmail(caller: Caller, email: string, checkCode: string) {
    const store = await this.store(caller);
    await this.checkCodes.verify('update-email', store.mobile, checkCode);
    await this.stores.updateStore(caller.storeId, { email });
    return { email };
  }

  async sendUpdateMobileCheckCode(caller: Caller, mobile: string) {
    const store = await this.store(caller);
    if (store.mobile === mobile) throw new StoreError(STORE_CODES.invalidParameter, text('新手机号与当前手机号相同', 'the new mobile number is the same as the current one'));
    if (await this.stores.mobileTaken(mobile, caller.storeId)) throw new StoreError(STORE_CODES.alreadyExists, text('该手机号已注册', 'this mobile number is already registered'));
    return this.checkCodes.send('update-mobile', mobile, { storeId: caller.storeId });
  }

  async updateMobile(caller: Caller, mobile: string, checkCode: string) {
    await this.store(caller);
    if (await this.stores.mobileTaken(mobile, caller.storeId)) throw new StoreError(STORE_CODES.alreadyExists, text('该手机号已注册', 'this mobile number is already registered'));
    await this.checkCodes.verify('update-mobile', mobile, checkCode);
    await this.stores.updateStore(caller.storeId, { mobile });
    return { mobile: maskPhone(mobile) };
  }

  async updatePasswordByToken(caller: Caller, oldPassword: string, newPassword: string) {
    if (!(await this.auth.passwordMatches(caller.userId, oldPassword))) throw new StoreError(STORE_CODES.wrongCredentials, text('原密码错误', 'the current password is wrong'));
    if (oldPassword === newPassword) throw new StoreError(STORE_CODES.invalidParameter, text('新密码不能与原密码相同', 'the new password must differ from the current one'));
    await this.auth.setPassword(caller.userId, newPassword);
    return null;
  }

  /** Forgotten password: the code goes to the store's mobile; the answer shows it masked. */
  async sendResetPasswordCheckCode(userName: string) {
    const user = await this.auth.findAccountByUserName(userName);
    if (!user) throw new StoreError(STORE_CODES.notFound, text('该用户名不存在', 'no account with this user name'));
    const sent = await this.checkCodes.send('reset-password', user.mobile, { storeId: user.storeId });
    return { ...sent, mobile: maskPhone(user.mobile) };
  }

  /** Resets the password with a check code and signs out every session of the user. */
  async resetPassword(userName: string, checkCode: string, newPassword: string) {
    const user = await this.auth.findAccountByUserName(userName);
    if (!user) throw new StoreError(STORE_CODES.notFound, text('该用户名不存在', 'no account with this user name'));
    await this.checkCodes.verify('reset-password', user.mobile, checkCode);
    await this.auth.setPassword(user.userId, newPassword);
    await this.auth.signOutEverywhere(user.userId);
    return null;
  }

  async bankCardExists(caller: Caller) {
    return { exists: (await this.stores.findBankCard(caller.storeId)) !== undefined };
  }

  /** Days until a date: 0..60 about to expire, -1 expired (console-spec §4); null when unknown. */
  private daysUntil(date: Date | null): number | null {
    if (!date) return null;
    const ms = date.getTime() - this.clock.now().getTime();
    return ms < 0 ? -1 : Math.floor(ms / DAY_MS);
  }

  /** The dashboard's status block (console-spec §3 "Dashboard status"). */
  async pcHome(caller: Caller) {
    const store = await this.store(caller);
    const blacklist = await this.stores.findBlacklist(caller.storeId);
    const card = await this.stores.findBankCard(caller.storeId);
    // brandExpiryDays counts to the soonest end among the store's approved brands (brandManagement flags 0..60 days);
    // a store without approved brands keeps its registration's brand date.
    const brandDays = (await this.brands?.soonestBrandExpiryDays(caller.storeId)) ?? null;
    return {
      storeName: store.store_name,
      storeStatus: store.store_status,
      storeType: store.store_type,
      isBlacklist: blacklist !== undefined,
      blacklistRemark: blacklist?.remark ?? '',
      existsPromise: card !== undefined,
      existsProtocol: store.agreement_accepted_at !== null,
      storeLicenseDays: this.daysUntil(store.license_expires_on),
      brandExpiryDays: brandDays ?? this.daysUntil(store.brand_expires_on),
    };
  }

  async baseCity(caller: Caller) {
    const store = await this.store(caller);
    if (!store.city_code) return null;
    const city = await this.stores.findCity(store.city_code);
    const province = city ? await this.stores.findCity(city.parent_code) : undefined;
    return { cityCode: store.city_code, cityName: city?.city_name ?? '', provinceCode: province?.city_code ?? '', provinceName: province?.city_name ?? '' };
  }

  /**
   * The old direct call (`updateStoreCategories`, no screen calls it) may not bypass the platform's review (issue 26
   * §1): an approved store asks with `applyStoreCategoriesChange`. Its checks still answer first (before approval,
   * unknown categories, 10100010 for a removed category with goods on shelf); then it is refused with 10100005 naming
   * the reviewed call. Nothing changes either way.
   */
  async updateCategories(caller: Caller, categoryIds: number[]): Promise<never> {
    await this.changeCategories(caller.storeId, categoryIds, false);
    throw notAllowed(
      text(
        '经营类目的修改需经平台审核，请通过 applyStoreCategoriesChange 提交修改申请',
        "business categories change only after the platform's review; ask for the change with applyStoreCategoriesChange",
      ),
    );
  }

  /**
   * The checks of a categories change, then the write when `write` (a reviewed change is checked when asked for and
   * again, with the write, when the operator approves it: goods may have gone on shelf meanwhile). The checks and the
   * write run in one transaction with the store row locked: concurrent changes run one after the other, and a failed
   * write leaves the old categories.
   */
  async changeCategories(storeId: number, categoryIds: readonly number[], write: boolean) {
    return this.stores.transaction(async (stores, unit) => {
      const store = await stores.lockStore(storeId);
      if (!store) throw new StoreError(STORE_CODES.notFound, text('店铺不存在', 'store not found'));
      if (!IN_APP.includes(store.store_status)) throw notAllowed(text('店铺审核通过后才能修改经营类目', 'business categories can be changed after approval'));
      const found = await stores.enabledLeafCategories(categoryIds);
      const missing = categoryIds.filter((id) => !found.includes(id));
      if (missing.length) throw new StoreError(STORE_CODES.invalidParameter, text(`经营类目不存在或已停用：${missing.join('、')}`, `unknown or disabled categories: ${missing.join(', ')}`));
      await this.refuseRemovingCategoriesWithGoodsOnShelf(stores, unit, storeId, categoryIds);
      if (write) await stores.replaceCategories(storeId, categoryIds);
      return { categories: await stores.storeCategories(storeId) };
    });
  }

  /** A removed business category must have no goods on shelf (docs/goods.md): 10100010 names them, nothing changes. */
  private async refuseRemovingCategoriesWithGoodsOnShelf(stores: AccountRepository, unit: UnitOfWork, storeId: number, keptIds: readonly number[]) {
    if (!this.goods) return;
    const kept = new Set(keptIds);
    const removed = (await stores.storeCategories(storeId)).filter((category) => !kept.has(category.categoryId));
    const counts = await this.goods.countOnShelfByCategory(
      storeId,
      removed.map((category) => category.categoryId),
      unit,
    );
    const onShelf = removed.filter((category) => (counts.get(category.categoryId) ?? 0) > 0);
    if (onShelf.length === 0) return;
    const base = codeText(STORE_CODES.categoryHasOnShelfGoods);
    const zh = onShelf.map((category) => `${category.categoryName}（${counts.get(category.categoryId)} 件）`).join('、');
    const en = onShelf.map((category) => `${category.categoryName} (${counts.get(category.categoryId)} on shelf)`).join(', ');
    throw new StoreError(STORE_CODES.categoryHasOnShelfGoods, text(`${base['zh-CN']}：${zh}`, `${base['en-US']}: ${en}`));
  }
}
