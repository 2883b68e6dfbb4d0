import { ALL_PERMISSION_CODES, type EndpointData, type PermissionCode, type authEndpoints } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { CaptchaService } from '../../shared/captcha';
import type { CheckCodeService } from '../../shared/check-codes';
import { addSeconds, type Clock } from '../../shared/clock';
import { hashOpaqueToken, newOpaqueToken } from '../../shared/opaque-token';
import { burnVerifyTime, hashSecret, verifySecret } from '../../shared/passwords';
import type { RateLimit, RateLimiter } from '../../shared/rate-limiter';
import { STORE_CODES, StoreError, codeText, text, tokenInvalid } from '../../shared/store-error';
import type { AuthRepository, UserWithStore } from './auth.repository';
import type { LoginInput } from './auth.schemas';

/** Our design (the spec leaves it open): access tokens live 7 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Failed sign-ins per user name: after 3 a captcha is required (code 10103003), after 5 sign-in is refused for 15 minutes. */
export const LOGIN_FAILURE_LIMIT: RateLimit = { bucket: 'login-failure', max: 5, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
/** console-spec §6: roles are forced to the single role admin. */
export const STORE_ROLES = ['admin'] as const;

/** A signed-in session (contract: authEndpoints.login data). */
export type LoginResult = EndpointData<typeof authEndpoints.login>;

/** console-spec §3 "User info" (contract: authEndpoints.getUserByToken data). */
export type UserInfo = EndpointData<typeof authEndpoints.getUserByToken>;

/** What other modules may know of a user (account: password reset and change). */
export interface UserAccount {
  userId: number;
  storeId: number;
  mobile: string;
}

const wrongCredentials = () => new StoreError(STORE_CODES.wrongCredentials, codeText(STORE_CODES.wrongCredentials));
const noStoreForMobile = () =>
  new StoreError(STORE_CODES.notFound, text('该手机号未注册店铺', 'no store is registered with this mobile number'));

export class AuthService {
  constructor(
    private readonly users: AuthRepository,
    private readonly clock: Clock,
    private readonly rateLimiter: RateLimiter,
    private readonly captcha: CaptchaService,
    private readonly checkCodes: CheckCodeService,
  ) {}

  async login(input: LoginInput): Promise<LoginResult> {
    const subject = input.userName.toLowerCase();
    const wait = await this.rateLimiter.retryAfterSeconds(LOGIN_FAILURE_LIMIT, subject);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new StoreError(STORE_CODES.tooManyAttempts, text(`登录失败次数过多，请 ${minutes} 分钟后再试`, `too many failed sign-ins, please retry in ${minutes} minutes`), {
        retryAfterSeconds: wait,
      });
    }
    const failures = await this.rateLimiter.count(LOGIN_FAILURE_LIMIT, subject);
    if (failures >= LOGIN_FAILURES_BEFORE_CAPTCHA) await this.requireSolvedCaptcha(input);

    const user = await this.users.findByUsername(input.userName);
    const valid = user ? await verifySecret(input.password, user.passwordHash) : (await burnVerifyTime(input.password), false);
    if (!user || !valid) {
      await this.rateLimiter.record(LOGIN_FAILURE_LIMIT, subject);
      throw wrongCredentials();
    }
    await this.rateLimiter.clear(LOGIN_FAILURE_LIMIT, subject);
    return this.issueToken(user);
  }

  /** Accepts a captcha solved through checkCaptchaCode, or an answer sent with the login itself. */
  private async requireSolvedCaptcha(input: LoginInput): Promise<void> {
    if (input.captchaKey) {
      if (await this.captcha.consumeVerified(input.captchaKey)) return;
      if (input.captchaCode) {
        try {
          await this.captcha.check(input.captchaKey, input.captchaCode);
          await this.captcha.consumeVerified(input.captchaKey);
          return;
        } catch {
          // fall through to a new image
        }
      }
    }
    const image = await this.captcha.issue();
    throw new StoreError(STORE_CODES.captchaRequired, codeText(STORE_CODES.captchaRequired), { value: image.value, key: image.key });
  }

  async sendLoginCheckCode(mobile: string): Promise<{ expiresInSeconds: number }> {
    const user = await this.users.findByMobile(mobile);
    if (!user) throw noStoreForMobile();
    return this.checkCodes.send('login', mobile);
  }

  async checkCodeLogin(mobile: string, checkCode: string): Promise<LoginResult> {
    const user = await this.users.findByMobile(mobile);
    if (!user) throw noStoreForMobile();
    await this.checkCodes.verify('login', mobile, checkCode);
    return this.issueToken(user);
  }

  async issueToken(user: Pick<UserWithStore, 'userId' | 'storeId' | 'storeStatus'>): Promise<LoginResult> {
    const accessToken = newOpaqueToken();
    const expiresAt = addSeconds(this.clock.now(), ACCESS_TOKEN_TTL_SECONDS);
    await this.users.insertToken(hashOpaqueToken(accessToken), user.userId, user.storeId, expiresAt);
    return { accessToken, storeStatus: user.storeStatus };
  }

  async resolveCaller(accessToken: string): Promise<Caller> {
    if (!accessToken) throw tokenInvalid();
    const token = await this.users.findLiveToken(hashOpaqueToken(accessToken), this.clock.now());
    if (!token) throw tokenInvalid();
    return { userId: token.userId, storeId: token.storeId, accessToken };
  }

  /**
   * The permission codes the caller holds (docs/permissions.md): every code for the store owner, the
   * catalogue codes of its roles for a sub-account; anything not in the catalogue grants nothing.
   */
  async permissionsOf(caller: Pick<Caller, 'userId'>): Promise<PermissionCode[]> {
    const grants = await this.users.grantsOf(caller.userId);
    if (grants.isOwner) return [...ALL_PERMISSION_CODES];
    const granted = new Set(grants.roleCodes);
    return ALL_PERMISSION_CODES.filter((code) => granted.has(code));
  }

  /** console-spec §3 user info; `avatarUrlOf` signs the kept avatar key afresh for this read ('' for none). */
  async getUserByToken(accessToken: string, avatarUrlOf: (storeId: number, objectKey: string | null) => Promise<string>): Promise<UserInfo> {
    const caller = await this.resolveCaller(accessToken);
    const user = await this.users.findByUserId(caller.userId);
    if (!user) throw tokenInvalid();
    return {
      roles: [...STORE_ROLES],
      permissions: await this.permissionsOf(caller),
      nickname: user.nickname,
      avatarUrl: await avatarUrlOf(user.storeId, user.avatarObjectKey),
      uid: String(user.userId),
      storeStatus: user.storeStatus,
      storeType: user.storeType,
      accessToken,
      storeName: user.storeName,
      forbiddenReason: user.forbiddenReason ?? '',
    };
  }

  /** Revokes the token; an unknown or already revoked token is fine (logging out twice is not an error). */
  async logout(accessToken: string): Promise<void> {
    if (accessToken) await this.users.revokeToken(hashOpaqueToken(accessToken), this.clock.now());
  }

  // Credentials belong to this module: the account module changes passwords through these.

  /** The account of a user name (case-insensitive), or undefined. */
  async findAccountByUserName(userName: string): Promise<UserAccount | undefined> {
    const user = await this.users.findByUsername(userName);
    return user && { userId: user.userId, storeId: user.storeId, mobile: user.mobile };
  }

  /** Whether `password` is the user's current sign-in password. */
  async passwordMatches(userId: number, password: string): Promise<boolean> {
    const user = await this.users.findByUserId(userId);
    return user ? verifySecret(password, user.passwordHash) : (await burnVerifyTime(password), false);
  }

  async setPassword(userId: number, password: string): Promise<void> {
    await this.users.updatePasswordHash(userId, await hashSecret(password));
  }

  /** Revokes every access token of the user (after a password reset). */
  async signOutEverywhere(userId: number): Promise<void> {
    await this.users.revokeAllTokensOfUser(userId, this.clock.now());
  }
}
