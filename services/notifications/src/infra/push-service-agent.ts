import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** A push went nowhere: the push service's name led to an address that is not on the public internet. */
export class RefusedPushAddress extends Error {
  constructor(host: string, address: string) {
    super(`a push service's host ${host} is at ${address}, not a public address: nothing was sent there`);
    this.name = 'RefusedPushAddress';
  }
}

const canonical = (address: string) => ipaddr.parse(address).toString();

/**
 * Whether pushes may connect to `address`: a public unicast address (ipaddr.js's ranges: not loopback, private,
 * link-local, unique-local, carrier-grade NAT, unspecified, multicast, broadcast, IPv4-mapped or translated IPv6,
 * documentation or other reserved), or one the configuration names itself (`admitted`, canonical form).
 */
export function isAdmittedAddress(address: string, admitted: ReadonlySet<string>): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast' || admitted.has(canonical(address));
}

/**
 * The DNS lookup pushes connect with: every address the name resolves to must be admitted, or the connection fails
 * before it is made. The check is the connection's own lookup, so a DNS answer that changes between a check and the
 * connection (rebinding) cannot slip through.
 */
export function guardedLookup(admitted: ReadonlySet<string>, lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '');
      const addresses = found as LookupAddress[];
      const refused = addresses.find(({ address }) => !isAdmittedAddress(address, admitted));
      if (refused) return callback(new RefusedPushAddress(hostname, refused.address), '');
      const [first] = addresses;
      if (options.all || !first) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * The HTTPS agent Web Push sends through: names are looked up through `guardedLookup`, and a host written as an IP
 * address (which Node connects to without a lookup) is checked the same way before connecting. Connections are kept
 * alive: a push service gets many pushes, and a kept connection stays on the address it was checked at.
 */
export class PushServiceAgent extends Agent {
  private readonly admitted: ReadonlySet<string>;

  constructor(options: {
    /** The addresses the configuration names among the push services' hosts (a local stand-in, in tests). */
    admittedAddresses: readonly string[];
    /** How names resolve: DNS, unless a test stands in for it. */
    lookup?: LookupFunction;
    /** A certificate to trust besides the system's: a local push service's stand-in (tests). */
    ca?: string;
  }) {
    const admitted = new Set(options.admittedAddresses.filter((address) => isIP(address)).map(canonical));
    super({
      keepAlive: true,
      lookup: guardedLookup(admitted, options.lookup ?? (dnsLookup as LookupFunction)),
      ...(options.ca && { ca: options.ca }),
    });
    this.admitted = admitted;
  }

  override createConnection(
    options: RequestOptions,
    callback?: (error: Error | null, stream: Duplex) => void,
  ): Duplex | null | undefined {
    const host = options.host ?? options.hostname ?? '';
    if (isIP(host) && !isAdmittedAddress(host, this.admitted)) {
      callback?.(new RefusedPushAddress(host, host), undefined as never);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
