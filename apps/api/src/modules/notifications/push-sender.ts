import dns from 'node:dns';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { parse as legacyParse } from 'node:url';
import type * as WebPushModule from 'web-push';
import type { Config } from '../../config';
import { loadOnce } from '../../lib/load-once';
import type { PushTarget } from './push-devices.repository';

/**
 * `refused`: the address is no longer one this deployment may post to (a row stored before the
 * rules were strict, or a name that now resolves inside a private network). Nothing was sent.
 */
export type PushOutcome = 'delivered' | 'gone' | 'failed' | 'refused';

/** Where pushes may go: Config['push'] without the keys. */
export type PushServiceRules = Pick<Config['push'], 'serviceHosts' | 'testService'>;

/** The host and port a push to this endpoint connects to, as both URL parsers read them. */
export type PushServiceAddress = { hostname: string; port: number };

/**
 * The whole endpoint, spelled so that no parser can read it two ways: `https://`, a host of
 * letters, digits, dots and hyphens (no user info, no brackets, no `;{}\'"`), an optional port,
 * and a path and query of plain URL characters. Real push services' addresses all look like this.
 */
const PLAIN_ENDPOINT = /^https:\/\/([a-z0-9.-]{1,253})(?::(\d{1,5}))?(\/[\w\-.~!$&()*+,;=:/%?]*)?$/i;
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const portOf = (port: string | null | undefined) => (port ? Number(port) : 443);

const isTestService = (address: PushServiceAddress, rules: PushServiceRules) =>
  rules.testService !== undefined &&
  rules.testService.host === address.hostname &&
  rules.testService.port === address.port;

/**
 * The address a subscription's endpoint points at, when it is one of the push services this
 * deployment posts to; otherwise undefined. The endpoint is parsed both as WHATWG `URL` and as
 * the legacy `url.parse` that `web-push` connects with, and refused when they disagree: a check
 * that read one while the sender read the other let `https://127.0.0.77;.push.apple.com/x`
 * through to 127.0.0.77 (issue 32). An IP address is accepted only when the allow-list names it
 * exactly, and a port other than 443 only for the tests' own push service.
 */
export function pushServiceAddress(
  endpoint: string,
  rules: PushServiceRules,
): PushServiceAddress | undefined {
  const plain = PLAIN_ENDPOINT.exec(endpoint);
  if (!plain) return undefined;
  let whatwg: URL;
  try {
    whatwg = new URL(endpoint);
  } catch {
    return undefined;
  }
  const legacy = legacyParse(endpoint);
  const hostname = whatwg.hostname.toLowerCase();
  const port = portOf(whatwg.port);
  const agree =
    whatwg.protocol === 'https:' &&
    legacy.protocol === 'https:' &&
    whatwg.username === '' &&
    whatwg.password === '' &&
    legacy.auth === null &&
    (legacy.hostname ?? '').toLowerCase() === hostname &&
    (plain[1] ?? '').toLowerCase() === hostname &&
    portOf(legacy.port) === port;
  if (!agree) return undefined;

  const address = { hostname, port };
  if (port !== 443 && !isTestService(address, rules)) return undefined;
  if (isIP(hostname) !== 0) return rules.serviceHosts.includes(hostname) ? address : undefined;
  const labels = hostname.split('.');
  // A last label of digits is read as an IPv4 address by WHATWG parsers (`1.2.3.04`, `0x7f.1`).
  if (!labels.every((label) => DNS_LABEL.test(label)) || /^\d+$/.test(labels.at(-1) ?? '')) return undefined;
  const allowed = rules.serviceHosts.some((pattern) =>
    pattern.startsWith('*.') ? hostname.endsWith(pattern.slice(1)) : hostname === pattern,
  );
  return allowed ? address : undefined;
}

/** Whether a subscription's address is one of the push services this deployment posts to. */
export function isPushServiceAddress(endpoint: string, rules: PushServiceRules) {
  return pushServiceAddress(endpoint, rules) !== undefined;
}

/**
 * Addresses a push never goes to: this machine, the operator's networks and every range that is
 * not a public unicast address (RFC 6890 and its IPv6 counterparts). IPv4-mapped IPv6 addresses
 * (`::ffff:10.0.0.1`) are checked against the IPv4 ranges by BlockList itself.
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID…)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: would carry any IPv4 address, private ones too
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
const NAT64 = new BlockList();
NAT64.addSubnet('64:ff9b::', 96, 'ipv6');

/** Whether an address is outside the public internet (or not an address at all). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return FORBIDDEN.check(address, 'ipv4');
  if (family !== 6) return true;
  if (FORBIDDEN.check(address, 'ipv6')) return true;
  // Well-known NAT64 (RFC 6052): the IPv4 address it reaches is in the last 32 bits.
  if (NAT64.check(address, 'ipv6')) {
    const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1).split(':');
    const high = Number.parseInt(groups.at(-2) || '0', 16);
    const low = Number.parseInt(groups.at(-1) || '0', 16);
    return isForbiddenAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return false;
}

const REFUSED_ADDRESS = 'PUSH_ADDRESS_REFUSED';

/**
 * Resolves a push service's name and connects only if every address it has is public: checked on
 * the very lookup the connection uses, so a name that answers a public address to a check and a
 * private one a moment later (DNS rebinding) cannot steer the push inside the network.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((entry) => isForbiddenAddress(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error('push service resolves to a non-public address');
      refused.code = REFUSED_ADDRESS;
      return callback(refused, '');
    }
    const [first] = addresses;
    if (options.all || !first) return callback(null, addresses);
    return callback(null, first.address, first.family);
  });
};

/** web-push is loaded with the first push, not at start-up (issue 36). */
const webPushLibrary = loadOnce<typeof WebPushModule>(() =>
  // A CommonJS module: Node hands its exports to ESM as `default`, which its types do not declare.
  import('web-push').then((module) => (module as unknown as { default: typeof WebPushModule }).default),
);

/**
 * Sends one encrypted push message through the device's push service with the deployment's VAPID
 * signature (RFC 8291, 8292) via the `web-push` library. A 404 or 410 means the subscription is
 * gone for good; anything else is a failure to try again later. The endpoint is checked again
 * before each push (rows may predate these rules) and connected to through an agent that refuses
 * non-public addresses, except the tests' own push service.
 */
export function createPushSender(push: Config['push']) {
  const vapidDetails = { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  // The process's trusted certificates are kept (tests add their fake push service's there).
  const agent = new https.Agent({ lookup: publicOnlyLookup, ca: https.globalAgent.options.ca });
  return async (target: PushTarget, payload: string): Promise<PushOutcome> => {
    const address = pushServiceAddress(target.endpoint, push);
    if (!address) return 'refused';
    // An IP address is connected to without a lookup, so it is checked here.
    if (isIP(address.hostname) !== 0 && isForbiddenAddress(address.hostname) && !isTestService(address, push))
      return 'refused';
    try {
      const webPush = await webPushLibrary();
      await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        // A day: news older than that is in the centre and the digest anyway.
        {
          vapidDetails,
          TTL: 24 * 60 * 60,
          urgency: 'normal',
          topic: 'notifications',
          timeout: 10_000,
          agent,
        },
      );
      return 'delivered';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === REFUSED_ADDRESS) return 'refused';
      const status = (error as { statusCode?: number }).statusCode;
      return status === 404 || status === 410 ? 'gone' : 'failed';
    }
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
