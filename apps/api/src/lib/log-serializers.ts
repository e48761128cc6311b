import type { FastifyRequest } from 'fastify';

/**
 * The address of a request as it may be logged: the path, and the names of the query parameters
 * without their values. Values are dropped rather than filtered by name because secrets travel
 * there (`/ws/chat/?token=<JWT>`, `/reset-confirm?token=…`) and so do members' own words (`?q=` of
 * a search, often a diagnosis); a list of known secret names would miss the next one added.
 */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      // A bare value without a name (`?eyJhbGciOi…`) could itself be a token: only short,
      // plain names are kept.
      return /^[\w.[\]-]{1,40}$/.test(name) ? name : '…';
    });
  const path = url.slice(0, queryStart);
  return names.length ? `${path}?${names.map((name) => `${name}=…`).join('&')}` : path;
}

/**
 * Replaces Fastify's request serializer, which logs `req.url` whole: redacting `req.query.token`
 * does nothing there, because the query is never logged as an object. Keeps what helps to follow a
 * request (method, path, parameter names, host, client address); headers are not logged at all.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
