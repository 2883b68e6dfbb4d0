import { ALL_PERMISSION_CODES, RECENT_SIGN_INS_LIMIT, STAFF_STATUS, type EndpointData, type PermissionCode, type authEndpoints, type sessionEndpoints } from '@merchant/api-contracts';
import type { Caller } from '../../http/route';
import type { CaptchaService } from '../../shared/captcha';
import type { CheckCodeService } from '../../shared/check-codes';
import { addSeconds, type Clock } from '../../shared/clock';
import { hashOpaqueToken, newOpaqueToken } from '../../shared/opaque-token';
import { burnVerifyTime, hashSecret, verifySecret } from '../../shared/passwords';
import type { RateLimit, RateLimiter } from '../../shared/rate-limiter';
import type { UnitOfWork } from '../../shared/unit-of-work';
import { STORE_CODES, StoreError, codeText, text, tokenInvalid } from '../../shared/store-error';
import { AuthRepository, type EndedSession, SignInOperationType, UserWithStore } from './auth.repository';
import type { LoginInput } from './auth.schemas';

/** Our design (the spec leaves it open): access tokens live 7 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Failed sign-ins per user name: after 3 a captcha is required (code 10103003), after 5 sign-in is refused for 15 minutes. */
export const LOGIN_FAILURE_LIMIT: RateLimit = { bucket: 'login-failure', max: 5, windowSeconds: 15 * 60 };
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
/**
 * Issue 34 §5: failed sign-ins from one client address, whatever the names tried (one machine walking a list
 * of names stays under each name's limit): after 30 within 15 minutes every sign-in from that address is
 * refused (10103002) until the oldest leaves the window. A success does not clear it, so one valid account
 * cannot reset the count. High enough that an office behind one address does not lock itself out.
 */
export const LOGIN_ADDRESS_FAILURE_LIMIT: RateLimit = { bucket: 'login-failure-address', max: 30, windowSeconds: 15 * 60 };
/** console-spec §6: roles are forced to the single role admin. */
export const STORE_ROLES = ['admin'] as const;

/** A signed-in session (contract: authEndpoints.login data). */
export type LoginResult = EndpointData<typeof authEndpoints.login>;

/** console-spec §3 "User info" (contract: authEndpoints.getUserByToken data). */
export type UserInfo = EndpointData<typeof authEndpoints.getUserByToken>;

export type SignInRecords = EndpointData<typeof sessionEndpoints.querySignInRecords>;
export type ActiveSessions = EndpointData<typeof sessionEndpoints.queryActiveSessions>;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The catalogue codes of a user's grants: every code for the owner, else its roles' codes (unknown ones grant nothing). */
const codesOfGrants = (grants: { isOwner: boolean; roleCodes: readonly string[] }): PermissionCode[] => {
  if (grants.isOwner) return [...ALL_PERMISSION_CODES];
  const granted = new Set(grants.roleCodes);
  return ALL_PERMISSION_CODES.filter((code) => granted.has(code));
};

/** What other modules may know of a user (account: password reset and change). */
export interface UserAccount {
  userId: number;
  storeId: number;
  mobile: string;
}

const wrongCredentials = () => new StoreError(STORE_CODES.wrongCredentials, codeText(STORE_CODES.wrongCredentials));
/** Only after the right password: a disabled staff account (issue 26 §4) learns why it cannot sign in. */
const accountDisabled = () =>
  new StoreError(STORE_CODES.notAllowedInCurrentState, text('该账号已停用，请联系店铺管理员', 'this account is disabled, please ask the store administrator'));
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

  /**
   * `device`: the label of the browser signing in (device-label.ts), kept on the session and its sign-in event.
   * `clientAddress`: where the request came from (http/client-address.ts); failures count per name and per address.
   */
  async login(input: LoginInput, device = '', clientAddress = ''): Promise<LoginResult> {
    const subject = input.userName.toLowerCase();
    const address = `address:${clientAddress}`;
    const wait = Math.max(
      await this.rateLimiter.retryAfterSeconds(LOGIN_FAILURE_LIMIT, subject),
      clientAddress ? await this.rateLimiter.retryAfterSeconds(LOGIN_ADDRESS_FAILURE_LIMIT, address) : 0,
    );
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
      if (clientAddress) await this.rateLimiter.record(LOGIN_ADDRESS_FAILURE_LIMIT, address);
      throw wrongCredentials();
    }
    if (user.accountStatus === STAFF_STATUS.disabled) throw accountDisabled();
    await this.rateLimiter.clear(LOGIN_FAILURE_LIMIT, subject);
    return this.issueToken(user, device);
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
    return this.checkCodes.send('login', mobile, { storeId: user.storeId });
  }

  async checkCodeLogin(mobile: string, checkCode: string, device = ''): Promise<LoginResult> {
    const user = await this.users.findByMobile(mobile);
    if (!user) throw noStoreForMobile();
    await this.checkCodes.verify('login', mobile, checkCode);
    return this.issueToken(user, device);
  }

  /** A new session, with its USER_LOGIN in the operation log (issue 26 §3: who, when, which session and device). */
  async issueToken(user: Pick<UserWithStore, 'userId' | 'storeId' | 'storeStatus'>, device = ''): Promise<LoginResult> {
    const accessToken = newOpaqueToken();
    const now = this.clock.now();
    const sessionId = await this.users.insertToken(hashOpaqueToken(accessToken), user.userId, user.storeId, now, addSeconds(now, ACCESS_TOKEN_TTL_SECONDS), device);
    await this.users.insertSignInEvent({ storeId: user.storeId, userId: user.userId, sessionId, device, operationType: 'USER_LOGIN', at: now });
    return { accessToken, storeStatus: user.storeStatus };
  }

  private async logSignOuts(sessions: readonly EndedSession[], operationType: SignInOperationType = 'USER_LOGOUT', users = this.users): Promise<void> {
    const at = this.clock.now();
    for (const session of sessions) {
      await users.insertSignInEvent({ storeId: session.storeId, userId: session.userId, sessionId: session.id, device: session.device, operationType, at });
    }
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
  async permissionsOf(caller: Pick<Caller, 'userId'>, unit?: UnitOfWork): Promise<PermissionCode[]> {
    return codesOfGrants(await this.usersIn(unit).grantsOf(caller.userId));
  }

  /** console-spec §3 user info; `avatarUrlOf` signs the kept avatar key afresh for this read ('' for none). */
  async getUserByToken(accessToken: string, avatarUrlOf: (storeId: number, objectKey: string | null) => Promise<string>): Promise<UserInfo> {
    const caller = await this.resolveCaller(accessToken);
    const user = await this.users.findByUserId(caller.userId);
    if (!user) throw tokenInvalid();
    const grants = await this.users.grantsOf(caller.userId);
    return {
      roles: [...STORE_ROLES],
      permissions: codesOfGrants(grants),
      owner: grants.isOwner,
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
    if (!accessToken) return;
    const ended = await this.users.revokeToken(hashOpaqueToken(accessToken), this.clock.now());
    if (ended) await this.logSignOuts([ended]);
  }

  // Issue 26 §3: the caller's own sign-ins and sessions; nobody else's can be named (no ids are taken).

  async signInRecords(caller: Caller): Promise<SignInRecords> {
    const currentId = await this.users.sessionIdOf(hashOpaqueToken(caller.accessToken));
    const rows = await this.users.listSignInEvents(caller.userId, RECENT_SIGN_INS_LIMIT);
    return {
      list: rows.map((row) => ({
        operationType: row.operationType as SignInOperationType,
        time: epochSeconds(row.at),
        device: row.device ?? '',
        current: row.sessionId === currentId,
      })),
    };
  }

  async activeSessions(caller: Caller): Promise<ActiveSessions> {
    const currentHash = hashOpaqueToken(caller.accessToken);
    const rows = await this.users.listLiveTokens(caller.userId, this.clock.now());
    return {
      list: rows.map((row) => ({ sessionId: row.id, device: row.device, signedInAt: epochSeconds(row.createdAt), expiresAt: epochSeconds(row.expiresAt), current: row.tokenHash === currentHash })),
    };
  }

  /** Ends every other session of the caller, each with its USER_LOGOUT; repeating it ends none. */
  async signOutOtherSessions(caller: Caller): Promise<{ signedOut: number }> {
    const ended = await this.users.revokeOtherTokens(caller.userId, hashOpaqueToken(caller.accessToken), this.clock.now());
    await this.logSignOuts(ended);
    return { signedOut: ended.length };
  }

  // Issue 26 §5: a pay-password check is remembered on the session that made it (docs/merchant-centre.md).

  /** Called by the pay module after a successful check. */
  async recordPayPasswordCheck(caller: Caller): Promise<void> {
    await this.users.markPayPasswordChecked(hashOpaqueToken(caller.accessToken), this.clock.now());
  }

  /** Whether this session checked the pay password within the last `maxAgeSeconds` (a later sensitive call requires it). */
  async hasFreshPayPasswordCheck(caller: Caller, maxAgeSeconds: number): Promise<boolean> {
    const checkedAt = await this.users.payPasswordCheckedAt(hashOpaqueToken(caller.accessToken));
    return checkedAt !== null && this.clock.now().getTime() - checkedAt.getTime() <= maxAgeSeconds * 1000;
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

  /**
   * Ends every live session of another account at once (issue 26 §4: a staff account disabled or its password
   * reset), each with its USER_LOGOUT like signOutOtherSessions; inside the caller's transaction when given.
   */
  async endSessionsOf(userId: number, unit?: UnitOfWork): Promise<number> {
    const users = this.usersIn(unit);
    const ended = await users.revokeAllLiveTokensOfUser(userId, this.clock.now());
    await this.logSignOuts(ended, 'USER_LOGOUT', users);
    return ended.length;
  }

  /** The repository on another module's open transaction (PGlite has one connection: a query outside it would wait). */
  private usersIn(unit?: UnitOfWork): AuthRepository {
    return unit ? new AuthRepository(unit) : this.users;
  }

  /** Revokes every access token of the user (after a password reset). */
  async signOutEverywhere(userId: number): Promise<void> {
    await this.users.revokeAllTokensOfUser(userId, this.clock.now());
  }
}
