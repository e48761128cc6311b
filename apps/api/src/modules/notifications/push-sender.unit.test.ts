import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createPushSender, isForbiddenAddress, pushServiceAddress } from './push-sender';

const rules = {
  serviceHosts: ['fcm.googleapis.com', '*.push.apple.com', '*.notify.windows.com', '203.0.113.9'],
  testService: undefined,
};

describe('pushServiceAddress (issue 32)', () => {
  it('reads a push service’s own addresses as web-push will connect to them', () => {
    expect(pushServiceAddress('https://fcm.googleapis.com/fcm/send/dX:APA91b-x_y', rules)).toEqual({
      hostname: 'fcm.googleapis.com',
      port: 443,
    });
    expect(pushServiceAddress('https://Web.Push.Apple.com:443/QG?x=%2B', rules)).toEqual({
      hostname: 'web.push.apple.com',
      port: 443,
    });
    expect(pushServiceAddress('https://wns2-am3p.notify.windows.com/w/?token=BQY%2b', rules)).toBeDefined();
  });

  it.each([
    ['semicolon', 'https://127.0.0.77;.push.apple.com/x'],
    ['brace', 'https://127.0.0.77{.push.apple.com/x'],
    ['closing brace', 'https://127.0.0.77}.push.apple.com/x'],
    ['backslash', 'https://127.0.0.77\\.push.apple.com/x'],
    ['quote', "https://127.0.0.77'.push.apple.com/x"],
    ['double quote', 'https://127.0.0.77".push.apple.com/x'],
    ['port 444', 'https://web.push.apple.com:444/x'],
    ['http', 'http://web.push.apple.com/x'],
    ['unlisted IP', 'https://127.0.0.1/x'],
    ['IP under a wildcard', 'https://17.0.0.1.push.apple.com.17/x'],
    ['decimal IP', 'https://2130706433/x'],
    ['hexadecimal IP', 'https://0x7f.0.0.1/x'],
    ['short IP', 'https://127.1/x'],
    ['user info', 'https://a@web.push.apple.com/x'],
    ['user info to another host', 'https://web.push.apple.com@evil.example/x'],
    ['IPv6', 'https://[::1]/x'],
    ['trailing dot', 'https://web.push.apple.com./x'],
    ['empty label', 'https://web..push.apple.com/x'],
    ['hyphen at a label’s edge', 'https://-a.push.apple.com/x'],
    ['encoded dot', 'https://web.push.apple.com%2e/x'],
    ['space', 'https://web.push.apple.com /x'],
    ['not on the list', 'https://push.apple.com.evil.example/x'],
    ['the wildcard’s own parent', 'https://push.apple.com/x'],
  ])('refuses %s', (_name, endpoint) => {
    expect(pushServiceAddress(endpoint, rules)).toBeUndefined();
  });

  it('takes an IP address only when the list names it exactly, and another port only for the tests’ service', () => {
    expect(pushServiceAddress('https://203.0.113.9/x', rules)).toEqual({
      hostname: '203.0.113.9',
      port: 443,
    });
    const testRules = { serviceHosts: ['127.0.0.1'], testService: { host: '127.0.0.1', port: 40_001 } };
    expect(pushServiceAddress('https://127.0.0.1:40001/x', testRules)).toBeDefined();
    expect(pushServiceAddress('https://127.0.0.1:40002/x', testRules)).toBeUndefined();
    expect(pushServiceAddress('https://127.0.0.1:40001/x', rules)).toBeUndefined();
  });
});

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '2002:7f00:1::',
    '64:ff9b::7f00:1',
    '64:ff9b::a00:1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['142.250.184.10', '17.253.144.10', '2a00:1450:4003:80f::200a', '64:ff9b::8efa:b80a'])(
    'allows the public address %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );
});

describe('createPushSender', () => {
  const keys = webPush.generateVAPIDKeys();
  const push = { ...keys, subject: 'mailto:privacy@juntos.test' };
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const target = (endpoint: string) => ({
    id: 1,
    endpoint,
    p256dh: browser.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });

  it('refuses, before connecting, a listed name that resolves to this machine and an address that is no longer allowed', async () => {
    const send = createPushSender({
      ...push,
      serviceHosts: ['localhost', '127.0.0.1'],
      testService: undefined,
    });
    // Connecting would end in `failed` (nothing listens on 443 here): `refused` is the lookup's answer.
    expect(await send(target('https://localhost/x'), '{}')).toBe('refused');
    expect(await send(target('https://127.0.0.1/x'), '{}')).toBe('refused');
    expect(await send(target('https://127.0.0.77;.push.apple.com/x'), '{}')).toBe('refused');
  });
});
