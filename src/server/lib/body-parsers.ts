import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Reads a text/plain body as JSON in this scope: navigator.sendBeacon can only send its string
 * body as text/plain, and it carries the same JSON a fetch would. Register it inside the scope of
 * the routes that take beacons, so that no other route accepts text/plain.
 */
export function parseTextPlainAsJson(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('BAD_REQUEST', 'The request body is not valid JSON'), undefined);
    }
  });
}

/**
 * Takes every body in this scope as the exact bytes sent, whatever its content type says, up to
 * `bodyLimit`: a signed webhook (the signature covers those bytes), an uploaded file, a raw email.
 * Register it inside the scope of the routes that need it.
 */
export function readBodiesAsBytes(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}
