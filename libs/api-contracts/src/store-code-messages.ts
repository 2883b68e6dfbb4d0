import { DEFAULT_LANGUAGE, isSupportedLanguage, type LocalizedText } from './languages';
import { STORE_CODES, isStoreCode, type StoreCode } from './store-codes';

/**
 * The merchant-facing text of every store code. store-server answers `msg` with it (plus a detail
 * where it has one); the console shows it for codes it has no screen-specific text for.
 */
export const storeCodeMessages: Readonly<Record<StoreCode, LocalizedText>> = {
  [STORE_CODES.success]: { 'zh-CN': '操作成功', 'en-US': 'succeeded' },
  [STORE_CODES.invalidParameter]: { 'zh-CN': '参数错误', 'en-US': 'invalid parameters' },
  [STORE_CODES.permissionDenied]: {
    'zh-CN': '暂无权限，请联系店铺管理员开通',
    'en-US': 'no permission, please ask the store administrator for access',
  },
  [STORE_CODES.notFound]: { 'zh-CN': '数据不存在', 'en-US': 'not found' },
  [STORE_CODES.notAllowedInCurrentState]: { 'zh-CN': '当前状态不允许此操作', 'en-US': 'not allowed in the current state' },
  [STORE_CODES.alreadyExists]: { 'zh-CN': '数据已存在', 'en-US': 'already exists' },
  [STORE_CODES.categoryHasOnShelfGoods]: {
    'zh-CN': '该经营类目下还有已上架的商品，请先下架后再移除',
    'en-US': 'this business category still has goods on shelf; take them off shelf before removing it',
  },
  [STORE_CODES.wrongCredentials]: { 'zh-CN': '用户名或密码错误', 'en-US': 'wrong username or password' },
  [STORE_CODES.tooManyAttempts]: { 'zh-CN': '尝试次数过多，请稍后再试', 'en-US': 'too many attempts, please retry later' },
  [STORE_CODES.captchaRequired]: { 'zh-CN': '请完成图形验证', 'en-US': 'please complete the graphic verification' },
  [STORE_CODES.wrongCaptcha]: {
    'zh-CN': '验证码错误或已过期，请换一张图片',
    'en-US': 'the verification code is wrong or has expired, please try a new image',
  },
  [STORE_CODES.wrongCheckCode]: { 'zh-CN': '短信验证码错误或已过期', 'en-US': 'the check code is wrong or has expired' },
  [STORE_CODES.checkCodeTooFrequent]: { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'check codes are sent too often, please retry later' },
  [STORE_CODES.wrongPayPassword]: { 'zh-CN': '支付密码错误', 'en-US': 'the pay password is wrong' },
  [STORE_CODES.tokenInvalid]: {
    'zh-CN': '身份验证失败，请重新登录，如持续出现请联系管理员',
    'en-US': 'authentication failed, please sign in again, contact the administrator if it persists',
  },
};

const unknownCodeMessage: LocalizedText = { 'zh-CN': '请求失败（{code}）', 'en-US': 'request failed ({code})' };

/** The text of a store code in a language (unsupported languages get DEFAULT_LANGUAGE; unknown codes a generic text). */
export function describeStoreCode(code: string, language: string = DEFAULT_LANGUAGE): string {
  const lang = isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
  if (isStoreCode(code)) return storeCodeMessages[code][lang];
  return unknownCodeMessage[lang].replace('{code}', code);
}
