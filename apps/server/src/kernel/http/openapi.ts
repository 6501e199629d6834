import type { Endpoint } from '@shelfwise/contract';
import { z } from 'zod';

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;
  delete out.$schema;
  return out;
}

function wrapped(result: Json): Json {
  return {
    type: 'object',
    properties: {
      code: { type: 'integer', example: 200 },
      type: { type: 'string', enum: ['success', 'error'] },
      message: { type: 'string' },
      result,
      extras: {},
      time: { type: 'string', example: '2026-11-21 10:11:12' },
    },
  };
}

/** The OpenAPI 3 document of the whole API, generated from the contract's endpoint descriptors. */
export function buildOpenApi(endpoints: readonly Endpoint[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    const op: Json = {
      tags: [e.service],
      operationId: `${e.service}_${e.action}`,
      summary: e.summary,
      description: `Permission: \`${e.permission}\``,
      'x-permission': e.permission,
      security: e.permission === 'public' ? [] : [{ bearer: [] }],
    };
    const input = schemaOf(e.input, 'input');
    if (e.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, Json>;
      const required = new Set((input.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: e.path.includes(`{${name}}`) ? 'path' : 'query',
        required: e.path.includes(`{${name}}`) || required.has(name),
        schema,
      }));
    } else if (e.service === 'swagger' && e.action === 'submitUrl') {
      op.requestBody = { content: { 'application/x-www-form-urlencoded': { schema: input } } };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    op.responses =
      e.response === 'json'
        ? {
            200: {
              description: 'OK',
              content: { 'application/json': { schema: wrapped(schemaOf(e.output, 'output')) } },
            },
          }
        : { 200: { description: 'OK' } };
    paths[e.path] = { ...(paths[e.path] ?? {}), [e.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Shelfwise API',
      version,
      description:
        'Every response is wrapped as {code, type, message, result, extras, time}. Send `Authorization: Bearer <accessToken>`; ' +
        'see the API contract for the refresh protocol.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
