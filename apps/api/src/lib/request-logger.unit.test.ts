import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger';

function rootLogger() {
  const lines: Record<string, unknown>[] = [];
  const root = pino(
    { level: 'info' },
    {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  );
  return { root, lines };
}

describe('a request’s lazy logger', () => {
  it('writes lines with the request id, its own children’s bindings added', () => {
    const { root, lines } = rootLogger();
    const logger = lazyRequestLogger(root, { reqId: 'req-7' }, {});
    logger.info({ step: 'one' }, 'first');
    logger.child({ part: 'upload' }).warn('second %s', 'line');
    logger.debug('below the level: not written');
    expect(lines).toMatchObject([
      { level: 30, reqId: 'req-7', step: 'one', msg: 'first' },
      { level: 40, reqId: 'req-7', part: 'upload', msg: 'second line' },
    ]);
    expect(lines).toHaveLength(2);
  });

  it('makes no pino child until the request writes a line', () => {
    const { root } = rootLogger();
    const child = vi.spyOn(root, 'child');
    const logger = lazyRequestLogger(root, { reqId: 'req-8' }, {});
    expect(logger.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    logger.error('now');
    logger.error('again');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('keeps a level set for the request apart from the root’s', () => {
    const { root, lines } = rootLogger();
    const logger = lazyRequestLogger(root, { reqId: 'req-9' }, { level: 'warn' });
    expect(logger.level).toBe('warn');
    logger.info('left out');
    logger.level = 'debug';
    logger.debug('kept');
    root.debug('the root is still at info');
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
  });
});
