/** Browser and operating system named from a User-Agent header, for the online-user list. */
export interface AgentInfo {
  browser: string;
  os: string;
}

// order matters: Edge, Opera and the in-app browsers also name Chrome and Safari in their header
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['WeChat', /\bMicroMessenger\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome Headless', /\bHeadlessChrome\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\w+ )?Safari\//],
  ['Internet Explorer', /\b(?:MSIE |Trident\/.*rv:)(\d+)/],
];

const WINDOWS: Readonly<Record<string, string>> = {
  '10.0': '10/11',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

function osOf(ua: string): string {
  const win = /Windows NT (\d+\.\d+)/.exec(ua);
  if (win?.[1]) return `Windows ${WINDOWS[win[1]] ?? win[1]}`;
  const ios = /\b(iPhone|iPad|iPod).*? OS (\d+(?:_\d+)?)/.exec(ua);
  if (ios?.[2]) return `${ios[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${ios[2].replace('_', '.')}`;
  const android = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua);
  if (android?.[1]) return `Android ${android[1]}`;
  const mac = /\bMac OS X (\d+(?:[._]\d+)*)/.exec(ua);
  if (mac?.[1]) return `macOS ${mac[1].replace(/_/g, '.')}`;
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bHarmonyOS\b/.test(ua)) return 'HarmonyOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Unknown';
}

/** Names the browser (with its major version) and the operating system of a User-Agent; `Unknown` when unsure. */
export function parseUserAgent(ua: string | null | undefined): AgentInfo {
  const text = ua ?? '';
  let browser = 'Unknown';
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(text);
    if (m?.[1]) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  return { browser, os: osOf(text) };
}
