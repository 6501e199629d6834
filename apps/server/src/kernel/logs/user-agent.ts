import UAParser from 'ua-parser-js';

/** Browser and operating system of a request, as the logs and the online-user list show them. */
export interface ClientInfo {
  browser: string | null;
  os: string | null;
}

// ua-parser-js (kept on 1.x: MIT; 2.x is AGPL) names browsers and systems; these few of its names read better
// as people know them
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Mobile Firefox': 'Firefox',
  IE: 'Internet Explorer',
  IEMobile: 'Internet Explorer',
  UCBrowser: 'UC Browser',
};

/** Browsers the library does not know, in its own extension format (matched before its own). */
const EXTENSIONS: Record<string, unknown> = {
  browser: [[/\b(DingTalk)\/([\w.]+)/i], [UAParser.BROWSER.NAME, UAParser.BROWSER.VERSION]],
};

/** Programs that are not browsers, which the library does not name; calls from scripts show in the logs. */
const CLIENTS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/\bPostmanRuntime\/(\d+)/, (m) => `Postman ${m[1]}`],
  [/\bcurl\/([\d.]+)/, (m) => `curl ${m[1]}`],
  [/\bnode(?:-fetch)?\b|\bundici\b|\blightMyRequest\b/i, () => 'Node.js'],
];

/** Windows by the NT version it sends (10.0 is 10 and 11 alike). */
const WINDOWS: Record<string, string> = { '10': '10/11', '8.1': '8.1', '8': '8', '7': '7', Vista: 'Vista', XP: 'XP' };

function browserOf(r: UAParser.IResult, ua: string): string | null {
  const { name, major } = r.browser;
  if (name) {
    const shown = BROWSER_NAMES[name] ?? name;
    return major ? `${shown} ${major}` : shown;
  }
  for (const [re, named] of CLIENTS) {
    const m = re.exec(ua);
    if (m) return named(m);
  }
  return null;
}

function osOf(r: UAParser.IResult): string | null {
  const { name, version } = r.os;
  if (!name) return null;
  const majorMinor = version?.split('.').slice(0, 2).join('.');
  switch (name) {
    case 'Windows':
      return `Windows ${WINDOWS[version ?? ''] ?? version ?? ''}`.trim();
    case 'Mac OS':
      return majorMinor ? `macOS ${majorMinor}` : 'macOS';
    case 'iOS':
      return `${r.device.model === 'iPad' ? 'iPadOS' : 'iOS'}${majorMinor ? ` ${majorMinor}` : ''}`;
    // their version in a user agent is not the system's (a build number, or the Android it is based on)
    case 'Chromium OS':
      return 'ChromeOS';
    case 'HarmonyOS':
      return 'HarmonyOS';
    default:
      return majorMinor ? `${name} ${majorMinor}` : name;
  }
}

const memo = new Map<string, ClientInfo>();
const MEMO_SIZE = 500;

/**
 * Browser (major version) and system (major and minor) named by a user agent; null for what it does not recognise.
 * The one parser of the server: the logs and the online-user list name a client alike.
 */
export function parseUserAgent(userAgent: string | null | undefined): ClientInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua) return { browser: null, os: null };
  const hit = memo.get(ua);
  if (hit) return hit;
  const r = new UAParser(ua, EXTENSIONS).getResult();
  const info = { browser: browserOf(r, ua), os: osOf(r) };
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(ua, info);
  return info;
}
