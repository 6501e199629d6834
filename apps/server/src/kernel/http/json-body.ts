import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { JSON_SUFFIX_MEDIA_TYPE } from './input';

/** The deepest nesting of arrays and objects a JSON body may have (the deepest contract input has a few levels). */
export const JSON_MAX_DEPTH = 32;
/** The most values (array items and object members) a JSON body may hold; an import of 5000 rows stays well below. */
export const JSON_MAX_VALUES = 200_000;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const COMMA = 44;

/**
 * Whether a JSON text stays within a nesting depth and a number of values, read in one pass without parsing
 * (strings are skipped). Values are counted as containers and separators: an upper bound of items and members.
 */
export function jsonWithinLimits(text: string, maxDepth = JSON_MAX_DEPTH, maxValues = JSON_MAX_VALUES): boolean {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth || ++values > maxValues) return false;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && ++values > maxValues) return false;
  }
  return true;
}

/**
 * JSON bodies of every route (`application/json` and `application/<anything>+json`) are checked for depth and
 * size of structure before they are parsed: a deeply nested body answers 400 `jsonTooComplex` at the edge, before
 * any handler, sign-in or not, walks it. The body limits stay those of the route.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  const guarded = (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (!jsonWithinLimits(text)) {
      done(new AppError('jsonTooComplex'));
      return;
    }
    parse(req, text, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, guarded);
  // `application/<anything>+json` is JSON too (Admin.NET's generated clients send `application/json-patch+json`)
  app.addContentTypeParser(JSON_SUFFIX_MEDIA_TYPE, { parseAs: 'string' }, guarded);
}
