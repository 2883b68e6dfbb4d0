import { DEFAULT_LANGUAGE, isSupportedLanguage, type LocalizedText } from './languages';

/**
 * Merchant-facing texts of the codes the secure envelope (@merchant/secure-transport) produces: the
 * 10301xxx security refusals and the internal error its server plugin answers, plus the ST_* codes
 * its client raises. The envelope writes English `msg` for operators' logs; the console shows these.
 * The codes are repeated here (not imported) so this library stays free of the transport's runtime.
 */
export const transportCodeMessages: Readonly<Record<string, LocalizedText>> = {
  '10301001': { 'zh-CN': '请求格式错误，请刷新页面后重试', 'en-US': 'the request was malformed, please reload the page and retry' },
  '10301002': { 'zh-CN': '安全会话已失效，请重新登录', 'en-US': 'the secure session has expired, please sign in again' },
  '10301005': { 'zh-CN': '请求解密失败，请重新登录', 'en-US': 'the request could not be decrypted, please sign in again' },
  '10301007': { 'zh-CN': '请求签名校验失败，请重新登录', 'en-US': 'the request signature is invalid, please sign in again' },
  '10301008': { 'zh-CN': '重复的请求已被拒绝，请重新登录', 'en-US': 'a repeated request was refused, please sign in again' },
  '10301009': {
    'zh-CN': '本机时间与服务器相差过大，请校准时间后重新登录',
    'en-US': "this device's clock is too far from the server's, please correct it and sign in again",
  },
  '10301010': { 'zh-CN': '安全密钥已失效，正在重新建立连接，请重试', 'en-US': 'the security key has expired, reconnecting, please retry' },
  '10301011': { 'zh-CN': '当前安全模式不被允许，请重新登录', 'en-US': 'this security mode is not allowed, please sign in again' },
  '10301012': { 'zh-CN': '请求内容过大，请减少内容后重试', 'en-US': 'the request is too large, please send less and retry' },
  '99999999': { 'zh-CN': '服务器开小差了，请稍后重试', 'en-US': 'the server had a problem, please retry later' },
  ST_TIMEOUT: { 'zh-CN': '请求超时，请检查网络后重试', 'en-US': 'the request timed out, please check the network and retry' },
  ST_NETWORK: { 'zh-CN': '网络错误，请检查网络后重试', 'en-US': 'network error, please check the network and retry' },
  ST_BAD_RESPONSE: { 'zh-CN': '服务器返回的数据无法识别，请重试', 'en-US': 'the server answered something unreadable, please retry' },
  ST_FORGED_RESPONSE: { 'zh-CN': '服务器应答校验失败，请重新登录', 'en-US': "the server's answer failed verification, please sign in again" },
};

export function isTransportCode(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(transportCodeMessages, code);
}

/** The text of a transport code in a language (unsupported languages get DEFAULT_LANGUAGE); undefined for other codes. */
export function describeTransportCode(code: string, language: string = DEFAULT_LANGUAGE): string | undefined {
  if (!isTransportCode(code)) return undefined;
  return transportCodeMessages[code][isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE];
}
