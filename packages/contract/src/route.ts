import type { z } from 'zod';
import type { Endpoint } from './endpoint';
import type { api } from './index';

/**
 * What a client needs to call an endpoint: its method and path, with the input and output types carried as
 * phantom types. Lighter than the full descriptor (no schemas), so the web app's first load stays small.
 */
export interface Route<I = unknown, O = unknown> {
  method: 'GET' | 'POST';
  path: string;
  /** Never present at run time: types only. */
  readonly __types?: { input: I; output: O };
}

/** The route of an endpoint descriptor. */
export type RouteOf<E extends Endpoint> = Route<z.input<E['input']>, z.output<E['output']>>;

/** Every route of the API, by service and action, mirroring `api`. */
export type Routes = {
  [S in keyof typeof api]: { [A in keyof (typeof api)[S]]: RouteOf<(typeof api)[S][A] & Endpoint> };
};

/** Input a client sends to a route. */
export type RouteInput<R extends Route> = NonNullable<R['__types']>['input'];
/** Result a route answers. */
export type RouteOutput<R extends Route> = NonNullable<R['__types']>['output'];

type DeclaredPermission = {
  [S in keyof typeof api]: {
    [A in keyof (typeof api)[S]]: ((typeof api)[S][A] & Endpoint)['permission'];
  }[keyof (typeof api)[S]];
}[keyof typeof api];

/**
 * Every permission code an endpoint declares (`<service>:<action>`): what the web's button checks take, so a
 * misspelt code fails the type check instead of hiding a button for everyone.
 */
export type PermissionCode = Exclude<DeclaredPermission, 'public' | 'authenticated'>;
