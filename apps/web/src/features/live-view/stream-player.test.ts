import { describe, expect, it } from 'vitest';
import { hlsFailure, mixedContent, originOf } from './stream-player';

describe('stream failures', () => {
  it('names the reason of a fatal hls.js error', () => {
    expect(hlsFailure({ type: 'networkError', details: 'manifestLoadError', response: { code: 404 } })).toEqual({
      reason: 'http',
      params: { status: 404 },
    });
    // status 0: refused, unreachable, or a CORS answer the browser hid
    expect(hlsFailure({ type: 'networkError', details: 'manifestLoadError', response: { code: 0 } })).toEqual({
      reason: 'network',
    });
    expect(hlsFailure({ type: 'networkError', details: 'manifestLoadTimeOut' })).toEqual({ reason: 'timeout' });
    expect(hlsFailure({ type: 'networkError', details: 'manifestParsingError' })).toEqual({ reason: 'notPlaylist' });
    expect(hlsFailure({ type: 'mediaError', details: 'manifestIncompatibleCodecsError' })).toEqual({
      reason: 'codec',
    });
    expect(hlsFailure({ type: 'mediaError', details: 'bufferAppendError' })).toEqual({ reason: 'codec' });
  });

  it('knows an http stream cannot play on an https page', () => {
    expect(mixedContent('http://10.0.0.5/a.m3u8', 'https:')).toBe(true);
    expect(mixedContent('https://10.0.0.5/a.m3u8', 'https:')).toBe(false);
    expect(mixedContent('http://10.0.0.5/a.m3u8', 'http:')).toBe(false);
    expect(originOf('http://10.0.0.5:8080/live/a.m3u8?x=1')).toBe('http://10.0.0.5:8080');
  });
});
