import { createECDH, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** What a device was sent, decrypted as its browser would. */
export interface ReceivedPush {
  payload: { id: string; kind: string; title: string; body: string; url: string; tag: string };
  /** The VAPID public key the push was signed with (the Authorization header's `k`). */
  vapidKey: string;
  urgency: string | undefined;
}

/** A browser's subscription on the stand-in: what it gives the server, and what it received. */
export interface StandInDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
}

/**
 * A local push service, for tests: it takes what web-push posts (RFC 8030) over TLS, answers 201, or what it is told
 * to answer for a device (404, 410, a failure, or a connection closed unanswered), and decrypts each payload (RFC 8291, aes128gcm) with the private key of the
 * device's browser, which it plays: each device is an ECDH P-256 key pair and a 16-byte auth secret made here. The
 * decryption is written from the RFC with node:crypto, not web-push's own library, so it checks web-push's work.
 */
export interface PushServiceStandIn {
  /**
   * For notifications (its PushOptions): the stand-in's host and address admitted as a push service's, which
   * production never admits, and its self-signed certificate trusted.
   */
  pushOptions: { pushServiceHosts: string[]; pushServiceCa: string };
  /** That certificate (PEM), for a sender in another process (NODE_EXTRA_CA_CERTS). */
  certificate: string;
  /** A new browser subscription. */
  device(): StandInDevice;
  /**
   * What the stand-in answers the device's pushes from now on, or for the next `times` of them (then 201 again):
   * a status (with a Retry-After header when given), or 'drop', the connection closed without an answer.
   */
  answer(device: StandInDevice, status: Answer, options?: { times?: number; retryAfter?: string }): void;
  /** Every push the stand-in was posted, whatever it answered. */
  all(): ReceivedPush[];
  /** How many connections were opened to it, pushes or not (a TLS handshake that fails counts too). */
  connections(): number;
  /** From now on, pushes are taken but not answered until `release` (a slow push service). */
  hold(): void;
  /** How many pushes wait for their answer. */
  held(): number;
  /** Answers the pushes held, and the next ones at once. */
  release(): void;
  close(): Promise<void>;
}

export type Answer = 201 | 404 | 410 | 429 | 500 | 503 | 'drop';

/** What the stand-in answers a device: `status`, for `times` more pushes when that is set. */
interface Answering {
  status: Answer;
  times: number | undefined;
  retryAfter: string | undefined;
}

const ALWAYS_TAKES: Answering = { status: 201, times: undefined, retryAfter: undefined };

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** `onPush` hears of each push a device took, as it arrives (benches time them). */
export async function startPushServiceStandIn(
  onPush: (device: StandInDevice, push: ReceivedPush) => void = () => {},
): Promise<PushServiceStandIn> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const devices = new Map<
    string,
    { device: StandInDevice; ecdh: ReturnType<typeof createECDH>; answering: Answering }
  >();
  const all: ReceivedPush[] = [];
  let holding = false;
  const heldAnswers: (() => void)[] = [];
  const server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const held = devices.get(request.url ?? '');
      if (!held || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      const authSecret = Buffer.from(held.device.keys.auth, 'base64url');
      const push: ReceivedPush = {
        payload: JSON.parse(decrypt(Buffer.concat(chunks), held.ecdh, authSecret).toString('utf8')),
        vapidKey: /k=([\w-]+)/.exec(request.headers.authorization ?? '')?.[1] ?? '',
        urgency: request.headers.urgency as string | undefined,
      };
      all.push(push);
      const { status, retryAfter } = held.answering;
      if (held.answering.times !== undefined && --held.answering.times === 0) held.answering = ALWAYS_TAKES;
      if (status === 'drop') {
        request.socket.destroy();
        return;
      }
      if (status === 201) {
        held.device.received.push(push);
        onPush(held.device, push);
      }
      const answer = () => response.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {}).end();
      if (holding) heldAnswers.push(answer);
      else answer();
    });
  });
  let connections = 0;
  server.on('connection', () => void (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    pushOptions: { pushServiceHosts: ['127.0.0.1'], pushServiceCa: pems.cert },
    certificate: pems.cert,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const path = `/push/${randomUUID()}`;
      const device: StandInDevice = {
        endpoint: `https://127.0.0.1:${port}${path}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(randomBytes(16)) },
        received: [],
      };
      devices.set(path, { device, ecdh, answering: ALWAYS_TAKES });
      return device;
    },
    answer(device, status, options = {}) {
      const held = devices.get(new URL(device.endpoint).pathname);
      if (held) held.answering = { status, times: options.times, retryAfter: options.retryAfter };
    },
    all: () => all,
    connections: () => connections,
    hold: () => void (holding = true),
    held: () => heldAnswers.length,
    release() {
      holding = false;
      for (const answer of heldAnswers.splice(0)) answer();
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * RFC 8291's decryption of an aes128gcm body (RFC 8188) of one record: the header names the salt, the record size and
 * the sender's ephemeral public key; the key and nonce come from the ECDH secret, the auth secret and both public
 * keys; the plaintext ends with the last record's delimiter (2) and any padding (zeros).
 */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdh.computeSecret(senderKey), authSecret, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with its delimiter');
  return padded.subarray(0, end);
}
