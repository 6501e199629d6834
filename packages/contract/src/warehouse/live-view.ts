import { z } from 'zod';
import { auditFields, idBody, idQuery, pageInputWith, pageOf, setStatusBody, zId, zOptText, zStatus } from '../common';
import { service } from '../endpoint';

/**
 * How the browser plays a camera stream: `hls` (an HLS playlist, `.m3u8`, played through Media Source Extensions or
 * natively) or `mjpeg` (a `multipart/x-mixed-replace` JPEG stream, shown as an image).
 */
export const LIVE_PROTOCOLS = ['hls', 'mjpeg'] as const;

/** A stream protocol. */
export type LiveProtocol = (typeof LIVE_PROTOCOLS)[number];

/** URL schemes each protocol may use (the browser fetches the stream itself, from the warehouse's network). */
export const LIVE_SCHEMES: Readonly<Record<LiveProtocol, readonly string[]>> = {
  hls: ['http:', 'https:'],
  mjpeg: ['http:', 'https:'],
};

/** Longest stream address accepted. */
export const LIVE_URL_MAX = 1024;

/** Why a stream address is refused (a message code), or null when it is acceptable for the protocol. */
export type LiveUrlProblem = 'stream_url_invalid' | 'stream_url_scheme' | 'stream_url_credentials';

/**
 * Checks a stream address for a protocol: an absolute URL with a host, a scheme the protocol plays
 * (`LIVE_SCHEMES`), and no user name or password (every viewer's browser would see them, and browsers refuse
 * media addresses that carry them). Private and intranet hosts are allowed: the server never fetches the address.
 */
export function liveUrlProblem(protocol: LiveProtocol, url: string): LiveUrlProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'stream_url_invalid';
  }
  if (!LIVE_SCHEMES[protocol].includes(parsed.protocol)) return 'stream_url_scheme';
  if (!parsed.hostname) return 'stream_url_invalid';
  if (parsed.username || parsed.password) return 'stream_url_credentials';
  return null;
}

/** A camera stream of a storage area. */
export const liveStreamEntity = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string().nullable(),
  areaId: z.number(),
  areaCode: z.string().nullable(),
  areaName: z.string().nullable(),
  name: z.string(),
  protocol: z.enum(LIVE_PROTOCOLS),
  url: z.string(),
  status: z.number(),
  orderNo: z.number(),
  remark: z.string().nullable(),
  ...auditFields,
});

const streamFields = {
  areaId: zId,
  name: z.string().min(1).max(64),
  protocol: z.enum(LIVE_PROTOCOLS),
  url: z.string().min(1).max(LIVE_URL_MAX),
  status: zStatus.default(1),
  orderNo: z.coerce.number().int().min(0).max(1_000_000).default(100),
  remark: zOptText(512),
};

/** The address must suit the protocol (checked on the `url` field, so a form can show it there). */
function checkUrl(v: { protocol: LiveProtocol; url: string }, ctx: z.RefinementCtx) {
  const problem = liveUrlProblem(v.protocol, v.url);
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
}

/** Filters of the stream list. */
export const liveStreamFilters = pageInputWith(['name', 'orderNo', 'createTime']).extend({
  warehouseId: zId.optional(),
  areaId: zId.optional(),
  protocol: z.enum(LIVE_PROTOCOLS).optional(),
  status: zStatus.optional(),
});

/** Camera streams of storage areas (`warehouseLiveView`), within the data scope of their warehouse. */
export const warehouseLiveView = service('warehouseLiveView', {
  page: {
    action: 'page',
    method: 'POST',
    permission: 'warehouseLiveView:page',
    input: liveStreamFilters,
    output: pageOf(liveStreamEntity),
    summary: 'Page of camera streams (configuration)',
  },
  list: {
    action: 'list',
    method: 'GET',
    permission: 'warehouseLiveView:list',
    input: z.object({ warehouseId: zId.optional(), areaId: zId.optional() }),
    output: z.array(liveStreamEntity),
    summary:
      'The enabled streams to watch (of every warehouse the caller sees, one warehouse or one area), by warehouse, area and order',
  },
  detail: {
    action: 'detail',
    method: 'GET',
    permission: 'warehouseLiveView:detail',
    input: idQuery,
    output: liveStreamEntity,
    summary: 'One camera stream',
  },
  add: {
    action: 'add',
    method: 'POST',
    permission: 'warehouseLiveView:add',
    input: z.object(streamFields).superRefine(checkUrl),
    output: z.number(),
    summary:
      'Add a camera stream to a storage area: HLS or MJPEG over http(s), played by the browser from the warehouse network (the server never fetches it)',
  },
  update: {
    action: 'update',
    method: 'POST',
    permission: 'warehouseLiveView:update',
    input: z.object({ id: zId, ...streamFields }).superRefine(checkUrl),
    output: z.null(),
    summary: 'Update a camera stream (it may move to another area of a warehouse the caller sees)',
  },
  delete: {
    action: 'delete',
    method: 'POST',
    permission: 'warehouseLiveView:delete',
    input: idBody,
    output: z.null(),
    summary: 'Delete a camera stream',
  },
  setStatus: {
    action: 'setStatus',
    method: 'POST',
    permission: 'warehouseLiveView:setStatus',
    input: setStatusBody,
    output: z.null(),
    summary: 'Enable or disable a camera stream',
  },
});
