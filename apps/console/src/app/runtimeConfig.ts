// Typed access to `window.__MERCHANT_CONFIG__` (set by /runtime-config.js, contract 0001),
// falling back to VITE_* build variables and then to the documented default ports.
import { SECURITY_MODES, type SecurityMode } from '@merchant/secure-transport';

export interface RuntimeConfig {
  apiBase: string;
  imFrameUrl: string;
  imAppKey: string;
  /**
   * Envelope security mode; optional key of runtime-config.js. Default 'aes': a session is negotiated
   * (createSession → RSA handshake) and every body is AES-GCM encrypted (docs/security.md).
   */
  securityMode: SecurityMode;
}

const isSecurityMode = (value: unknown): value is SecurityMode =>
  typeof value === 'string' && (SECURITY_MODES as readonly string[]).includes(value);

declare global {
  interface Window {
    __MERCHANT_CONFIG__?: Partial<RuntimeConfig> & Record<string, unknown>;
  }
}

const DEFAULT_CONFIG: RuntimeConfig = {
  apiBase: 'http://127.0.0.1:3100',
  imFrameUrl: 'http://127.0.0.1:4300',
  imAppKey: 'merchant-im',
  securityMode: 'aes',
};

/** Build-time VITE_* values; main.tsx passes them in so this module stays free of import.meta (jest runs CommonJS). */
export type BuildEnv = Partial<Record<'VITE_API_BASE' | 'VITE_IM_FRAME_URL' | 'VITE_IM_APP_KEY', string>>;

function pick(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\/+$/, '') : fallback;
}

export function readRuntimeConfig(source: Window = window, buildEnv: BuildEnv = {}): RuntimeConfig {
  const injected = source.__MERCHANT_CONFIG__ ?? {};
  return {
    // §7's local-storage override of the API address is applied by secure-transport's resolveApiBase.
    apiBase: pick(injected.apiBase, pick(buildEnv.VITE_API_BASE, DEFAULT_CONFIG.apiBase)),
    imFrameUrl: pick(injected.imFrameUrl, pick(buildEnv.VITE_IM_FRAME_URL, DEFAULT_CONFIG.imFrameUrl)),
    imAppKey: pick(injected.imAppKey, pick(buildEnv.VITE_IM_APP_KEY, DEFAULT_CONFIG.imAppKey)),
    securityMode: isSecurityMode(injected.securityMode) ? injected.securityMode : DEFAULT_CONFIG.securityMode,
  };
}
