// A short, readable label of the browser and system a session was signed in from ('Chrome on Windows'),
// from the request's User-Agent header. Shown to the merchant beside each session and sign-in; the raw
// header is not kept (it identifies a browser more precisely than the merchant needs).

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bFirefox\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Longest label kept (a made-up header must not fill the table). */
export const DEVICE_LABEL_MAX = 60;

export function deviceLabel(userAgent: string | string[] | undefined): string {
  const header = (Array.isArray(userAgent) ? userAgent[0] : userAgent)?.trim() ?? '';
  if (!header) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system) as string;
  // Another client (a script, an app): its first product token, e.g. 'node' or 'curl/8.5.0' → 'curl'.
  return (header.split(/[\s/]/)[0] ?? '').slice(0, DEVICE_LABEL_MAX);
}
