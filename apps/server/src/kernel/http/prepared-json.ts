import type { Endpoint } from '@shelfwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import { formatNow } from '../i18n/time';

// A handler's result checked and serialised once, sent many times: for large answers kept while their data is
// unchanged (tens of thousands of rows), where checking and serialising the same value on every request would cost
// more than the request may take. The check is the route's own output check, done when the text is made.

/**
 * A result checked against an output schema and serialised to JSON text. A handler returns it instead of a value;
 * `defineRoute` sends the text in the success wrapper as it would send the value, provided it was checked against
 * that endpoint's own output schema. Made only by `PreparedJson.of`.
 */
export class PreparedJson<T> {
  /** The output type the text holds (types only). */
  declare readonly output: T;
  /** The wrapped answer last sent, by the wrapper's `time` (it changes once a second). */
  private wrapped: { time: string; body: Buffer } | undefined;

  private constructor(
    /** The schema the text was checked against. */
    readonly schema: z.ZodType,
    /** The checked result as JSON text. */
    readonly json: Buffer,
  ) {}

  /**
   * Checks `value` against `schema` as `defineRoute` checks a handler's result (stripping what the schema does not
   * name) and serialises what passes. A value that does not match is a bug: it throws, and nothing is kept.
   */
  static of<S extends z.ZodType>(schema: S, value: z.input<S>): PreparedJson<z.output<S>> {
    const out = schema.safeParse(value);
    if (!out.success) {
      throw new Error(`prepared result does not match its schema: ${JSON.stringify(out.error.issues.slice(0, 3))}`);
    }
    return new PreparedJson<z.output<S>>(schema, Buffer.from(JSON.stringify(out.data ?? null)));
  }

  /** The success wrapper around the text: byte for byte what `sendOk` sends for the same value. */
  body(timeZone: string): Buffer {
    const time = formatNow(timeZone);
    if (this.wrapped?.time !== time) {
      const tail = `,"extras":null,"time":${JSON.stringify(time)}}`;
      this.wrapped = { time, body: Buffer.concat([HEAD, this.json, Buffer.from(tail)]) };
    }
    return this.wrapped.body;
  }
}

const HEAD = Buffer.from('{"code":200,"type":"success","message":"","result":');

/**
 * Sends a prepared result of an endpoint. One checked against another schema than the endpoint's output is refused
 * as the route refuses a result that does not match its schema.
 */
export function sendPreparedJson(
  req: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  prepared: PreparedJson<unknown>,
  timeZone: string,
) {
  if (prepared.schema !== endpoint.output) {
    req.log.error({ path: endpoint.path }, 'prepared result checked against another schema than the output');
    throw new AppError('internal', { requestId: req.id });
  }
  return reply.code(200).type('application/json; charset=utf-8').send(prepared.body(timeZone));
}
