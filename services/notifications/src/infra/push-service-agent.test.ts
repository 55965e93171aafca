import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LookupAddress } from 'node:dns';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { startPushServiceStandIn, type PushServiceStandIn } from '../testing/push-service.js';
import { isAdmittedAddress, PushServiceAgent, RefusedPushAddress } from './push-service-agent.js';

const NONE = new Set<string>();

describe('isAdmittedAddress', () => {
  it('admits public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['142.250.180.10', '2a00:1450:4002:80b::200a', '17.253.144.10'])
      expect([address, isAdmittedAddress(address, NONE)]).toEqual([address, true]);
  });

  it('refuses every address that is not on the public internet', () => {
    for (const address of [
      '127.0.0.1', // loopback
      '127.1.2.3',
      '::1',
      '10.1.2.3', // private
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254', // link-local: the cloud's metadata service
      'fe80::1',
      'fc00::1', // unique-local
      'fd12:3456::1',
      '100.64.0.1', // carrier-grade NAT
      '0.0.0.0', // unspecified
      '::',
      '224.0.0.1', // multicast
      'ff02::1',
      '255.255.255.255',
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:8.8.8.8',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '192.0.2.1', // documentation
      'not an address',
    ])
      expect([address, isAdmittedAddress(address, NONE)]).toEqual([address, false]);
  });

  it('admits an address the configuration names, and only that one', () => {
    expect(isAdmittedAddress('127.0.0.1', new Set(['127.0.0.1']))).toBe(true);
    expect(isAdmittedAddress('127.0.0.2', new Set(['127.0.0.1']))).toBe(false);
  });
});

describe('PushServiceAgent', () => {
  let standIn: PushServiceStandIn;
  let port: string;
  beforeAll(async () => {
    standIn = await startPushServiceStandIn();
    port = new URL(standIn.device().endpoint).port;
  });
  afterAll(() => standIn.close());

  /** A name resolved by the test, never by DNS: what an attacker's DNS server would answer. */
  const resolvingTo =
    (...addresses: string[]): LookupFunction =>
    (_hostname, options, callback) => {
      const found: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      if (options.all) callback(null, found);
      else callback(null, found[0]?.address ?? '', found[0]?.family);
    };

  /** What a GET through the agent comes to: the stand-in's status (it was reached), or the error. */
  const reach = (url: string, agent: PushServiceAgent) =>
    new Promise<number | Error>((resolve) => {
      request(url, { agent }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', resolve)
        .end();
    });

  const agentWith = (options: ConstructorParameters<typeof PushServiceAgent>[0]) =>
    new PushServiceAgent({ ca: standIn.pushOptions.pushServiceCa, ...options });

  it('reaches an address the configuration admits (the stand-in answers 404 to a GET)', async () => {
    const agent = agentWith({ admittedAddresses: ['127.0.0.1'] });
    expect(await reach(`https://127.0.0.1:${port}/`, agent)).toBe(404);
    agent.destroy();
  });

  it('refuses to connect to an address written in the URL, in any of its forms', async () => {
    const agent = agentWith({ admittedAddresses: [] });
    for (const host of ['127.0.0.1', '[::1]', '169.254.169.254', '10.0.0.1']) {
      const outcome = await reach(`https://${host}:${port}/`, agent);
      expect([host, outcome]).toEqual([host, expect.any(RefusedPushAddress)]);
    }
    expect(standIn.all()).toEqual([]);
    agent.destroy();
  });

  it('refuses a name that resolves to loopback, link-local or an IPv4-mapped address, at the connection', async () => {
    for (const addresses of [['127.0.0.1'], ['::ffff:127.0.0.1'], ['169.254.169.254'], ['142.250.180.10', '::1']]) {
      const agent = agentWith({ admittedAddresses: [], lookup: resolvingTo(...addresses) });
      const outcome = await reach(`https://updates.push.services.mozilla.com:${port}/`, agent);
      expect([addresses, outcome]).toEqual([addresses, expect.any(RefusedPushAddress)]);
      agent.destroy();
    }
  });

  it('refuses the numeric spellings of loopback that the system resolver reads as 127.0.0.1', async () => {
    const agent = agentWith({ admittedAddresses: [] });
    for (const host of ['0x7f000001', '2130706433', '017700000001']) {
      // As web-push names the host (url.parse keeps it as written): the real resolver turns it into 127.0.0.1.
      const outcome = await new Promise<number | Error>((resolve) => {
        request({ host, port, path: '/', agent }, (response) => resolve(response.statusCode ?? 0))
          .on('error', resolve)
          .end();
      });
      expect([host, outcome]).toEqual([host, expect.any(RefusedPushAddress)]);
    }
    expect(standIn.all()).toEqual([]);
    agent.destroy();
  });
});
