// The frame's runtime configuration (contract 0001): `window.__MERCHANT_CONFIG__` set by
// /runtime-config.js, with build-time `VITE_*` values and the documented defaults as fallbacks.

export interface FrameRuntimeConfig {
  imLbsUrl: string;
  imAppKey: string;
  consoleOrigins: string[];
  /**
   * The network probes' URLs (docs/im-background.md "Telemetry and probes"); default im-server's
   * {base}/stats/probe/ipv4 and /ipv6 beside imLbsUrl. Set them to hosts reached over one family only.
   */
  imProbeIpv4Url?: string;
  imProbeIpv6Url?: string;
}

/** The part of `import.meta.env` the frame reads; passed in so this module stays testable. */
export interface ViteEnvFallback {
  VITE_IM_LBS_URL?: string;
  VITE_IM_APP_KEY?: string;
  VITE_CONSOLE_ORIGINS?: string;
}

export const DEFAULT_RUNTIME_CONFIG: FrameRuntimeConfig = {
  imLbsUrl: 'http://127.0.0.1:3200/lbs',
  imAppKey: 'merchant-im',
  consoleOrigins: ['http://localhost:4200', 'http://127.0.0.1:4200'],
};

declare global {
  interface Window {
    __MERCHANT_CONFIG__?: Partial<Record<string, unknown>>;
  }
}

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Keeps only well-formed origins, normalised, so a typo cannot widen the allow-list. */
export function normaliseOrigins(values: readonly unknown[]): string[] {
  const origins: string[] = [];
  for (const value of values) {
    const text = nonEmptyString(value);
    if (!text) continue;
    try {
      const origin = new URL(text).origin;
      if (origin !== 'null' && !origins.includes(origin)) origins.push(origin);
    } catch {
      // Not a URL: ignored rather than trusted.
    }
  }
  return origins;
}

function readOrigins(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return normaliseOrigins(value);
  const text = nonEmptyString(value);
  return text ? normaliseOrigins(text.split(',')) : undefined;
}

export function readRuntimeConfig(
  globalConfig: Partial<Record<string, unknown>> | undefined,
  env: ViteEnvFallback = {},
): FrameRuntimeConfig {
  const fromGlobal = globalConfig ?? {};
  return {
    imLbsUrl:
      nonEmptyString(fromGlobal.imLbsUrl) ?? nonEmptyString(env.VITE_IM_LBS_URL) ?? DEFAULT_RUNTIME_CONFIG.imLbsUrl,
    imAppKey:
      nonEmptyString(fromGlobal.imAppKey) ?? nonEmptyString(env.VITE_IM_APP_KEY) ?? DEFAULT_RUNTIME_CONFIG.imAppKey,
    consoleOrigins:
      readOrigins(fromGlobal.consoleOrigins) ??
      readOrigins(env.VITE_CONSOLE_ORIGINS) ??
      DEFAULT_RUNTIME_CONFIG.consoleOrigins,
    ...optionalUrl('imProbeIpv4Url', fromGlobal.imProbeIpv4Url),
    ...optionalUrl('imProbeIpv6Url', fromGlobal.imProbeIpv6Url),
  };
}

/** An http(s) URL setting when given and well formed; otherwise left out (the default applies). */
function optionalUrl<K extends string>(key: K, value: unknown): Partial<Record<K, string>> {
  const text = nonEmptyString(value);
  if (!text || !/^https?:\/\//i.test(text)) return {};
  return { [key]: text } as Partial<Record<K, string>>;
}
