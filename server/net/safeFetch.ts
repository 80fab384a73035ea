import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedAddress } from './addressPolicy.ts';

// The one way the server calls a URL (webhooks, OAuth token exchange, publishing): the host is resolved here,
// every address it resolves to is checked, and the connection goes to exactly a checked address, so a name that
// answers differently between the check and the connect (DNS rebinding) cannot lead anywhere else.

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (node:dns by default; tests inject a fake). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = {
  /** ALLOW_LOOPBACK_OUTBOUND: 127.0.0.0/8, ::1 and localhost may be called (development and tests only). */
  allowLoopback: boolean;
  /** Tests only: resolve names with this instead of node:dns. */
  resolve?: Resolver;
  /** Deadline for the whole request (resolve, connect, send, read); 10 s unless tests shorten it. */
  timeoutMs?: number;
  /** Bytes of the response body kept; the rest is discarded. */
  maxBodyBytes?: number;
};

/** The settings of outgoing requests that tests may replace (Config.outboundTesting). */
export type OutboundTesting = Partial<Pick<OutboundPolicy, 'resolve' | 'timeoutMs' | 'maxBodyBytes'>>;

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BODY_BYTES = 64 * 1024;

export type OutboundFailure = 'invalid-url' | 'refused' | 'not-found' | 'timeout' | 'network';

/** Why an outgoing request was not made or did not complete. Messages name no address or internal detail. */
export class OutboundError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.name = 'OutboundError';
    this.reason = reason;
  }
}

export type CheckedTarget = { url: URL; hostname: string; addresses: ResolvedAddress[] };

export type OutboundRequest = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
};

export type OutboundResponse = {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** At most `maxBodyBytes` of the body. */
  body: Buffer;
  /** True when the body was longer and the rest was discarded. */
  truncated: boolean;
};

/** The policy from the configuration: loopback only when ALLOW_LOOPBACK_OUTBOUND says so. */
export function outboundPolicy(config: {
  allowLoopbackOutbound?: boolean;
  outboundTesting?: OutboundTesting;
}): OutboundPolicy {
  return { ...config.outboundTesting, allowLoopback: config.allowLoopbackOutbound === true };
}

const defaultResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Parses the URL (http/https, no credentials) and resolves its host; throws an OutboundError unless every address
 * it resolves to is public (or loopback, when the policy allows it). WHATWG URL parsing already turns numeric forms
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1) into dotted IPv4, so they are checked as the address they are.
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('invalid-url', 'The URL must be a full http:// or https:// address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('invalid-url', 'The URL must start with http:// or https://.');
  }
  if (url.username || url.password) {
    throw new OutboundError('invalid-url', 'The URL must not contain a user name or password.');
  }
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else if (isLocalhostName(hostname) && !policy.allowLoopback) {
    // RFC 6761: *.localhost is the local host whatever a resolver says.
    throw refused();
  } else {
    try {
      addresses = await (policy.resolve ?? defaultResolver)(hostname);
    } catch {
      throw new OutboundError('not-found', 'The host name of the URL could not be found.');
    }
    if (addresses.length === 0) {
      throw new OutboundError('not-found', 'The host name of the URL could not be found.');
    }
  }
  if (!addresses.every((entry) => isAllowedAddress(entry.address, policy.allowLoopback))) throw refused();
  return { url, hostname, addresses };
}

/**
 * Sends one request to a checked address. Redirects are returned as they are, never followed (a 3xx is not ok);
 * the whole exchange times out; the body read stops at the cap.
 */
export async function safeFetch(
  raw: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(policy.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  const target = await untilAborted(checkOutboundUrl(raw, policy), signal);
  return send(target, request, policy.maxBodyBytes ?? OUTBOUND_MAX_BODY_BYTES, signal);
}

function refused(): OutboundError {
  return new OutboundError('refused', 'The URL must point to a public internet address.');
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
}

function timedOut(): OutboundError {
  return new OutboundError('timeout', 'The request timed out.');
}

// A lookup can't be cancelled, but nobody has to wait for it past the deadline.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

// The socket asks "where is this host?" and gets only the addresses checked above.
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const usable = addresses.filter((entry) => !options.family || entry.family === options.family);
    const chosen = usable.length > 0 ? usable : addresses;
    if (options.all) {
      callback(null, chosen);
      return;
    }
    const [first] = chosen;
    if (first) callback(null, first.address, first.family);
    else callback(new OutboundError('not-found', 'The host name of the URL could not be found.'), '', 4);
  };
}

function send(
  target: CheckedTarget,
  request: OutboundRequest,
  maxBodyBytes: number,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const payload = request.body === undefined ? undefined : Buffer.from(request.body.toString());
  if (payload) {
    headers['content-length'] = String(payload.length);
    if (request.body instanceof URLSearchParams && !hasHeader(headers, 'content-type')) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
  }
  const { url, hostname } = target;
  const options: https.RequestOptions = {
    method: request.method ?? (payload ? 'POST' : 'GET'),
    hostname,
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers,
    signal,
    // A fresh socket per request: a pooled one could have been opened to an address checked for another URL.
    agent: false,
    lookup: pinnedLookup(target.addresses),
    // Certificates are checked against the name in the URL, not the address connected to.
    ...(isIP(hostname) ? {} : { servername: hostname }),
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(
        signal.aborted
          ? timedOut()
          : error instanceof OutboundError
            ? error
            : new OutboundError('network', 'The receiver could not be reached.'),
      );
    };
    const req = transport.request(options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        const status = res.statusCode ?? 0;
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
        });
      };
      res.on('data', (chunk: Buffer) => {
        const room = maxBodyBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBodyBytes;
          truncated = true;
          finish();
          res.destroy(); // the rest is never read
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', finish);
      res.on('error', fail);
      res.on('close', () => (res.complete ? finish() : fail(new Error('connection closed'))));
    });
    req.on('error', fail);
    req.end(payload);
  });
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}
