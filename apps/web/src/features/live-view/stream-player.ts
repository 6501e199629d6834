import type { LiveProtocol } from '@shelfwise/contract';
// the HLS player's worker, served from this server (the CSP allows workers from our own origin only)
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

/** Why a stream does not play (a text key of `liveView:reason`). */
export type FailReason =
  | 'blocked'
  | 'mixed'
  | 'http'
  | 'network'
  | 'timeout'
  | 'notPlaylist'
  | 'codec'
  | 'unsupported'
  | 'noPicture'
  | 'stalled'
  | 'ended';

/** What a tile shows about its stream. */
export type PlayState =
  | { kind: 'connecting' }
  | { kind: 'playing' }
  | { kind: 'failed'; reason: FailReason; params?: Record<string, string | number>; retryIn: number | null };

/** A stream to play: how, and from where. */
export interface StreamSource {
  protocol: LiveProtocol;
  url: string;
}

/** No picture for this long while playing: the stream is taken as stalled and reconnected. */
export const STALL_MS = 20_000;
/** No first picture within this long: failed. */
export const FIRST_PICTURE_MS = 20_000;
/** Reconnect delays after failures in a row (the last one repeats). */
const RETRY_SECONDS = [5, 10, 20, 30];
/** Failures that reconnecting cannot cure until someone changes something: no automatic retry. */
const PERMANENT: readonly FailReason[] = ['blocked', 'mixed', 'codec', 'unsupported', 'notPlaylist'];

/** The origin of a stream address (what a content policy names). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** A stream this page can never load: an http:// stream on an https:// page (mixed content). */
export function mixedContent(url: string, pageProtocol = globalThis.location?.protocol): boolean {
  return pageProtocol === 'https:' && url.startsWith('http:');
}

/** The reason of a fatal hls.js error. */
export function hlsFailure(data: { type: string; details: string; response?: { code?: number } | undefined }): {
  reason: FailReason;
  params?: Record<string, number>;
} {
  const { type, details } = data;
  if (details === 'manifestParsingError') return { reason: 'notPlaylist' };
  if (/Codec|codec/.test(details) || details === 'fragParsingError') return { reason: 'codec' };
  if (/TimeOut|Timeout/.test(details)) return { reason: 'timeout' };
  if (type === 'networkError') {
    const status = data.response?.code ?? 0;
    return status >= 400 ? { reason: 'http', params: { status } } : { reason: 'network' };
  }
  if (type === 'mediaError' || type === 'muxError') return { reason: 'codec' };
  return { reason: 'network' };
}

type Stop = () => void;

/**
 * Plays one stream into a `<video>` (HLS: hls.js, loaded on first use, through Media Source Extensions; the browser's
 * own HLS where there is no MSE, as on older iPhones) or an `<img>` (MJPEG: the browser shows a multipart JPEG
 * stream by itself). Reports connecting / playing / failed with a reason, reconnects after failures with a growing
 * delay, and stops everything (requests, player, timers) when the returned function is called.
 */
export function playStream(
  element: HTMLVideoElement | HTMLImageElement,
  source: StreamSource,
  onState: (state: PlayState) => void,
): Stop {
  let stopped = false;
  let failures = 0;
  let attempt = 0;
  let current: Stop = () => {};
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const origin = originOf(source.url);

  const fail = (reason: FailReason, params?: Record<string, string | number>) => {
    if (stopped) return;
    attempt += 1;
    current();
    current = () => {};
    const permanent = PERMANENT.includes(reason);
    const seconds = permanent ? null : (RETRY_SECONDS[Math.min(failures, RETRY_SECONDS.length - 1)] ?? 30);
    failures += 1;
    onState({ kind: 'failed', reason, params, retryIn: seconds });
    if (seconds !== null) retryTimer = setTimeout(start, seconds * 1000);
  };
  const playing = () => {
    if (stopped) return;
    failures = 0;
    onState({ kind: 'playing' });
  };

  // a request the page's content policy refused shows as a plain network error: the policy event says why
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    if (originOf(e.blockedURI) === origin) fail('blocked', { origin });
  };
  document.addEventListener('securitypolicyviolation', onViolation);

  function start() {
    if (stopped) return;
    clearTimeout(retryTimer);
    onState({ kind: 'connecting' });
    if (mixedContent(source.url)) {
      fail('mixed');
      return;
    }
    // a late event of an attempt that was already given up (its player torn down) must not count again
    const mine = ++attempt;
    const ownFail: Fail = (reason, params) => mine === attempt && fail(reason, params);
    const ownPlaying = () => mine === attempt && playing();
    current =
      source.protocol === 'mjpeg'
        ? playMjpeg(element as HTMLImageElement, source.url, ownPlaying, ownFail)
        : playHls(element as HTMLVideoElement, source.url, ownPlaying, ownFail);
  }

  start();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    document.removeEventListener('securitypolicyviolation', onViolation);
    current();
  };
}

type Fail = (reason: FailReason, params?: Record<string, string | number>) => void;

/** MJPEG: the first decoded frame fires `load`; `error` (or no frame in time) is a failure. */
function playMjpeg(img: HTMLImageElement, url: string, playing: () => void, fail: Fail): Stop {
  let done = false;
  const timer = setTimeout(() => fail('noPicture'), FIRST_PICTURE_MS);
  const onLoad = () => {
    clearTimeout(timer);
    if (!done) playing();
  };
  const onError = () => {
    clearTimeout(timer);
    if (!done) fail('noPicture');
  };
  img.addEventListener('load', onLoad);
  img.addEventListener('error', onError);
  // a new address for every attempt, or the browser may keep showing the last frame of the old connection
  img.src = `${url}${url.includes('#') ? '' : '#'}${Date.now()}`;
  return () => {
    done = true;
    clearTimeout(timer);
    img.removeEventListener('load', onLoad);
    img.removeEventListener('error', onError);
    // an empty image ends the HTTP connection of the stream
    img.removeAttribute('src');
  };
}

/** HLS: hls.js over Media Source Extensions, else the browser's own HLS, else unsupported. */
function playHls(video: HTMLVideoElement, url: string, playing: () => void, fail: Fail): Stop {
  let stopped = false;
  let detach: Stop = () => {};
  let lastTime = -1;
  let lastProgress = Date.now();
  let started = false;
  const firstPicture = setTimeout(() => {
    if (!started) fail('timeout');
  }, FIRST_PICTURE_MS);
  const onTime = () => {
    if (video.currentTime !== lastTime) {
      lastTime = video.currentTime;
      lastProgress = Date.now();
      if (!started) {
        started = true;
        clearTimeout(firstPicture);
        playing();
      }
    }
  };
  const watchdog = setInterval(() => {
    if (started && Date.now() - lastProgress > STALL_MS) fail('stalled', { seconds: Math.round(STALL_MS / 1000) });
  }, 2000);
  const onEnded = () => fail('ended');
  video.muted = true;
  video.playsInline = true;
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('ended', onEnded);
  const play = () => {
    video.play().catch(() => {
      // autoplay refused or interrupted by a reconnect: the next attempt or a click plays it
    });
  };

  void import('hls.js/light').then(
    ({ default: Hls }) => {
      if (stopped) return;
      if (Hls.isSupported()) {
        const hls = new Hls({
          workerPath: hlsWorkerUrl,
          lowLatencyMode: true,
          // live cameras: stay close to the live edge, keep little history
          liveSyncDurationCount: 2,
          backBufferLength: 10,
          // our own reconnect takes over after a short try
          manifestLoadPolicy: {
            default: {
              maxTimeToFirstByteMs: 8000,
              maxLoadTimeMs: 10_000,
              timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
              errorRetry: { maxNumRetry: 1, retryDelayMs: 1000, maxRetryDelayMs: 2000 },
            },
          },
        });
        let mediaRecovered = false;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // a decoding hiccup is often cured once by re-attaching the media; a second one is the stream itself
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered && !/odec/.test(data.details)) {
            mediaRecovered = true;
            hls.recoverMediaError();
            return;
          }
          const { reason, params } = hlsFailure(data);
          fail(reason, params);
        });
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.loadSource(url);
        hls.attachMedia(video);
        detach = () => hls.destroy();
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        const onError = () => fail(video.error?.code === 4 ? 'network' : 'codec');
        video.addEventListener('error', onError);
        video.src = url;
        play();
        detach = () => {
          video.removeEventListener('error', onError);
          video.removeAttribute('src');
          video.load();
        };
      } else {
        fail('unsupported');
      }
    },
    () => fail('network'),
  );

  return () => {
    stopped = true;
    clearTimeout(firstPicture);
    clearInterval(watchdog);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('ended', onEnded);
    detach();
    video.pause();
  };
}
