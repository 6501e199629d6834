import type { z } from 'zod';

/** What a caller needs: a permission code `<service>:<action>`, `public`, or `authenticated` (no grant). */
export type Permission = `${string}:${string}` | 'public' | 'authenticated';

/**
 * How the response is shaped: `json` is the standard wrapper; `file` streams bytes; `bare` is a plain
 * status without a body (the Swagger login helpers).
 */
export type ResponseKind = 'json' | 'file' | 'bare';

/** One HTTP endpoint, shared by the server (routing, validation, OpenAPI) and the web client. */
export interface Endpoint<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  service: string;
  action: string;
  method: 'GET' | 'POST';
  /** Full path, path parameters as `{name}`. */
  path: string;
  permission: Permission;
  /** Body for POST, query (and path parameters) for GET. */
  input: I;
  output: O;
  summary: string;
  response: ResponseKind;
  /** Largest accepted body in bytes, when it differs from the server default. */
  bodyLimit?: number;
  /** The endpoint takes `multipart/form-data` with one file in the field `file` (10 MB); others refuse it. */
  upload?: boolean;
  /**
   * `platform`: the endpoint manages data shared by every tenant; only users of the platform (default) tenant
   * and super admins may call it, whatever a tenant's menu grant says.
   */
  scope?: 'platform';
}

/** Input type of an endpoint (after parsing). */
export type InputOf<E extends Endpoint> = z.output<E['input']>;
/** Input type a client sends (before parsing). */
export type RequestOf<E extends Endpoint> = z.input<E['input']>;
/** Result type of an endpoint. */
export type OutputOf<E extends Endpoint> = z.output<E['output']>;

type EndpointSpec<I extends z.ZodType, O extends z.ZodType> = Omit<Endpoint<I, O>, 'path' | 'service' | 'response'> & {
  path?: string;
  response?: ResponseKind;
};

/**
 * Declares the endpoints of one API service. The path defaults to `/api/<service>/<action>`.
 *
 * ```ts
 * const sysConfig = service('sysConfig', { page: { method: 'POST', action: 'page', ... } });
 * ```
 */
export function service<const S extends string, const M extends Record<string, EndpointSpec<z.ZodType, z.ZodType>>>(
  name: S,
  specs: M,
): { [K in keyof M]: Endpoint<M[K]['input'], M[K]['output']> & { permission: M[K]['permission'] } } {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs)) {
    out[key] = {
      ...spec,
      service: name,
      path: spec.path ?? `/api/${name}/${spec.action}`,
      response: spec.response ?? 'json',
    };
  }
  return out as { [K in keyof M]: Endpoint<M[K]['input'], M[K]['output']> & { permission: M[K]['permission'] } };
}
