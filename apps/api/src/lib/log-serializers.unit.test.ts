import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableUrl, maskErrorText, serializeError, withoutSecretHeaders } from './log-serializers';

describe('loggableUrl', () => {
  it('keeps the route’s template and the parameter names, never the values', () => {
    expect(loggableUrl('/ws/chat/?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln', '/ws/chat/')).toBe(
      '/ws/chat/?token=…',
    );
    expect(loggableUrl('/api/posts/search/?q=Dravet%20syndrome&limit=5', '/api/posts/search/')).toBe(
      '/api/posts/search/?q=…&limit=…',
    );
    expect(loggableUrl('/api/posts/', '/api/posts/')).toBe('/api/posts/');
    // Issue 32: a token or a disease in the path stays out.
    expect(loggableUrl('/api/notificaciones/baja/12.c2lnbmF0dXJl/', '/api/notificaciones/baja/:token/')).toBe(
      '/api/notificaciones/baja/:token/',
    );
    expect(
      loggableUrl('/api/comunidades/enfermedad/558/?page=2', '/api/comunidades/enfermedad/:orphacode/'),
    ).toBe('/api/comunidades/enfermedad/:orphacode/?page=…');
  });

  it('drops a bare value that could be a token, and an empty query', () => {
    expect(loggableUrl('/reset-confirm?Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5')).toBe(
      '/reset-confirm?…=…',
    );
    expect(loggableUrl('/reset-confirm?a%3Db=1')).toBe('/reset-confirm?…=…');
    expect(loggableUrl('/api/posts/?', '/api/posts/')).toBe('/api/posts/');
    expect(loggableUrl('/api/posts/?&&', '/api/posts/')).toBe('/api/posts/');
  });

  it('keeps only the first word of a path no route matched (the web app’s pages)', () => {
    expect(loggableUrl('/baja/12.c2lnbmF0dXJlLXNpZ25hdHVyZQ')).toBe('/baja/…');
    expect(loggableUrl('/comunidades/enfermedad/558')).toBe('/comunidades/…');
    expect(loggableUrl('/perfil/17?tab=fotos')).toBe('/perfil/…?tab=…');
    expect(loggableUrl('/feed')).toBe('/feed');
    expect(loggableUrl('/feed/')).toBe('/feed/');
    expect(loggableUrl('/')).toBe('/');
    expect(loggableUrl('/12.c2lnbmF0dXJl')).toBe('/…');
    expect(loggableUrl('/Marfan%20syndrome/x')).toBe('/…/…');
  });
});

describe('withoutSecretHeaders', () => {
  it('redacts credentials in any header object, whatever their case', () => {
    expect(
      withoutSecretHeaders({
        Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln',
        cookie: 'refresh=secret',
        'set-cookie': ['a=b'],
        'proxy-authorization': 'Basic dXNlcjpwYXNz',
        'content-type': 'multipart/form-data; boundary=x',
      }),
    ).toEqual({
      Authorization: '[Redacted]',
      cookie: '[Redacted]',
      'set-cookie': '[Redacted]',
      'proxy-authorization': '[Redacted]',
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(withoutSecretHeaders(undefined)).toBeUndefined();
  });
});

describe('serializeError', () => {
  it("keeps a failed query's SQL and the database's codes, never the row it was writing", () => {
    const refusal = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(ana.garcia@example.org) already exists.',
        constraint: 'users_email_unique',
        table: 'users',
      },
    );
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "telefono", "nombre") values ($1, $2, $3)',
      ['ana.garcia@example.org', '+34600111222', 'Ana\nGarcía'],
      refusal,
    );
    const logged = JSON.stringify(serializeError(failed));
    for (const leak of ['ana.garcia', '600111222', 'García', 'already exists'])
      expect(logged).not.toContain(leak);
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('users_email_unique');
    expect(logged).toContain('23505');
    expect(serializeError(failed).stack).toMatch(/^Error: Failed query: insert into[\s\S]*params: …\n\s+at /);
  });

  it("leaves out an SMTP refusal's recipients and reply, keeping its codes", () => {
    const refused = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <bob@example.org>: Recipient address rejected",
      ),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 <bob@example.org>: Recipient address rejected',
        rejected: ['bob@example.org'],
      },
    );
    const logged = serializeError(refused);
    expect(JSON.stringify(logged)).not.toContain('bob@');
    expect(logged).toMatchObject({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' });
    expect(logged.message).toContain('<<e-mail>>');
  });

  it('serialises what is not an Error, and follows a cause a few levels only', () => {
    expect(serializeError('token=abc123 for x@example.org')).toEqual({
      type: 'string',
      message: 'token=… for <e-mail>',
      stack: '',
    });
    let deep: Error = new Error('innermost');
    for (let level = 0; level < 6; level++) deep = new Error(`level ${level}`, { cause: deep });
    let depth = 0;
    for (let logged = serializeError(deep); logged.cause; logged = logged.cause as typeof logged) depth++;
    expect(depth).toBe(3);
  });
});

describe('maskErrorText', () => {
  it('masks tokens and quoted input, and leaves package paths and versions alone', () => {
    expect(maskErrorText('GET /x?token=abc.def&y=1')).toBe('GET /x?token=…&y=1');
    expect(maskErrorText('bad eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln here')).toBe('bad <token> here');
    expect(maskErrorText('invalid input syntax for type integer: "Ana García"')).toBe(
      'invalid input syntax for type integer: "…"',
    );
    const frame =
      '    at file:///app/node_modules/.pnpm/pino@9.14.0/node_modules/@fastify/static/index.js:1:2';
    expect(maskErrorText(frame)).toBe(frame);
  });
});
