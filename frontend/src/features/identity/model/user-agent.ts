// "Chrome, Linux" from a session's raw User-Agent. Client-side on purpose: it is presentation only (the API
// keeps the raw string, which stays the evidence), it needs no server change, and names can be adjusted with
// the screen. Order matters: Edge, Opera, Yandex and Samsung Internet also say "Chrome", Chrome also says
// "Safari", iOS browsers say "Safari" whatever engine-wrapping app they are.
export interface Device {
  browser: string | null;
  os: string | null;
}

const kBrowsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bSafari\//, 'Safari'],
  [/\b(?:MSIE |Trident\/)/, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];

const kSystems: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(table: readonly [RegExp, string][], userAgent: string): string | null {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}

export function parseUserAgent(userAgent: string | null | undefined): Device {
  if (userAgent === null || userAgent === undefined || userAgent.trim() === '') {
    return { browser: null, os: null };
  }
  return { browser: first(kBrowsers, userAgent), os: first(kSystems, userAgent) };
}
