import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limiter';

describe('clientKey: the part of a client address a limit counts', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKey('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts every address of one IPv6 /64 as one client, whatever its spelling', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:0000:0000:0000:0abc',
      '2001:db8:1:2:a:b:c:d%eth0',
      '2001:db8:1:2::192.0.2.1',
    ].map(clientKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('keeps different /64 prefixes apart', () => {
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('does not confuse other IPv6 addresses with mapped IPv4 ones', () => {
    expect(clientKey('::ffff:0:c000:207')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.7')).toBe('64:ff9b:0:0::/64');
  });

  it('counts a value that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
