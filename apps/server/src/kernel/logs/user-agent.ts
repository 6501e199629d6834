/** Browser and operating system of a request, as a log shows them. */
export interface ClientInfo {
  browser: string | null;
  os: string | null;
}

type Rule = [RegExp, string | ((m: RegExpExecArray) => string)];

// order matters: browsers built on Chromium also name Chrome and Safari, so the specific ones come first
const BROWSERS: Rule[] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, (m) => `Edge ${m[1]}`],
  [/\bOPR\/(\d+)/, (m) => `Opera ${m[1]}`],
  [/\bMicroMessenger\/(\d+)/, (m) => `WeChat ${m[1]}`],
  [/\bDingTalk\/(\d+)/, (m) => `DingTalk ${m[1]}`],
  [/\bSamsungBrowser\/(\d+)/, (m) => `Samsung Internet ${m[1]}`],
  [/\bUCBrowser\/(\d+)/, (m) => `UC Browser ${m[1]}`],
  [/\bFirefox\/(\d+)/, (m) => `Firefox ${m[1]}`],
  [/\bFxiOS\/(\d+)/, (m) => `Firefox ${m[1]}`],
  [/\bHeadlessChrome\/(\d+)/, (m) => `Headless Chrome ${m[1]}`],
  [/\bCriOS\/(\d+)/, (m) => `Chrome ${m[1]}`],
  [/\bChrom(?:e|ium)\/(\d+)/, (m) => `Chrome ${m[1]}`],
  [/\bVersion\/(\d+)(?:\.\d+)?.*\bSafari\//, (m) => `Safari ${m[1]}`],
  [/\bMSIE (\d+)/, (m) => `Internet Explorer ${m[1]}`],
  [/\bTrident\/.*rv:(\d+)/, (m) => `Internet Explorer ${m[1]}`],
  [/\bPostmanRuntime\/(\d+)/, (m) => `Postman ${m[1]}`],
  [/\bcurl\/([\d.]+)/, (m) => `curl ${m[1]}`],
  [/\bnode(?:-fetch)?\b|\bundici\b|\blightMyRequest\b/i, 'Node.js'],
];

const WINDOWS: Record<string, string> = {
  '10.0': '10/11',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

const SYSTEMS: Rule[] = [
  [/\bWindows NT ([\d.]+)/, (m) => `Windows ${WINDOWS[m[1] ?? ''] ?? m[1]}`],
  [/\bHarmonyOS\b/, 'HarmonyOS'],
  [/\bAndroid ([\d.]+)/, (m) => `Android ${m[1]}`],
  [/\biPad\b.*OS (\d+)[_.](\d+)/, (m) => `iPadOS ${m[1]}.${m[2]}`],
  [/\b(?:iPhone|CPU) OS (\d+)[_.](\d+)/, (m) => `iOS ${m[1]}.${m[2]}`],
  [/\bMac OS X (\d+)[_.](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bUbuntu\b/, 'Ubuntu'],
  [/\bLinux\b/, 'Linux'],
];

function first(rules: Rule[], ua: string): string | null {
  for (const [re, name] of rules) {
    const m = re.exec(ua);
    if (m) return typeof name === 'string' ? name : name(m);
  }
  return null;
}

const memo = new Map<string, ClientInfo>();
const MEMO_SIZE = 500;

/** Browser and system named by a user agent (major versions only); null for what it does not recognise. */
export function parseUserAgent(userAgent: string | undefined): ClientInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) return { browser: null, os: null };
  const hit = memo.get(ua);
  if (hit) return hit;
  const info = { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(ua, info);
  return info;
}
