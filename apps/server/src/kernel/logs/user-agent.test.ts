import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

/** User agents as real browsers and programs send them, and how the logs and the online-user list name them. */
const CASES: [ua: string, browser: string | null, os: string | null][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome 131',
    'Windows 10/11',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    'Edge 131',
    'Windows 10/11',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
    'Opera 106',
    'Windows 10/11',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'Safari 17',
    'macOS 10.15',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    'Chrome 126',
    'macOS 14.5',
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    'Safari 17',
    'iOS 17.1',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
    'Chrome 120',
    'iPadOS 16.6',
  ],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133', 'Ubuntu'],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'Chrome Headless 131',
    'Linux',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet 25',
    'Android 14',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; V2183A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
    'WeChat 8',
    'Android 13',
  ],
  [
    'Mozilla/5.0 (Linux; Android 12; PGT-AN10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/97.0.4692.98 Mobile Safari/537.36 DingTalk/7.0.40',
    'DingTalk 7',
    'Android 12',
  ],
  [
    'Mozilla/5.0 (Linux; U; Android 10; zh-CN; V1990A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36',
    'UC Browser 13',
    'Android 10',
  ],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
    'Chrome 120',
    'ChromeOS',
  ],
  ['Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko', 'Internet Explorer 11', 'Windows 7'],
  ['curl/8.5.0', 'curl 8.5.0', null],
  ['PostmanRuntime/7.36.0', 'Postman 7', null],
  ['lightMyRequest', 'Node.js', null],
  ['something else entirely', null, null],
];

describe('parseUserAgent', () => {
  it.each(CASES)('%s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
    // a second call answers from the memo, alike
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it('gives nothing for no user agent', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
    expect(parseUserAgent('')).toEqual({ browser: null, os: null });
  });
});
