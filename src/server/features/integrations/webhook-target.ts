import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError, badRequest } from '#server/lib/errors.ts';
import { isForbiddenAddress } from './address-check.ts';

export const FORBIDDEN_TARGET_MESSAGE =
  'Webhook URL must not point at a private, loopback or link-local address';

/** Each attempt waits this long for an answer; the receiver should answer first and work after. */
export const DELIVERY_TIMEOUT_MS = 10_000;

type Resolved = { address: string; family: 4 | 6 };

/**
 * The address to connect to for a webhook URL. In production every address the name resolves to
 * must be public, and the connection goes to the address checked here (not to a second lookup that
 * a DNS rebinding could answer differently). Outside production anything goes, for tests.
 */
export async function resolveTarget(url: URL, options: { isProduction: boolean }): Promise<Resolved | null> {
  if (!options.isProduction) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Resolved[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })) as Resolved[];
    } catch {
      throw new AppError('BAD_REQUEST', `Webhook URL's host could not be found: ${host}`);
    }
  }
  if (addresses.length === 0 || addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw badRequest(FORBIDDEN_TARGET_MESSAGE);
  }
  return addresses[0]!;
}

/** Checks a URL when an endpoint is created: a clear 400 now rather than failures later. */
export async function checkWebhookUrl(text: string, options: { isProduction: boolean }): Promise<void> {
  const url = new URL(text);
  if (options.isProduction && url.protocol !== 'https:') {
    throw badRequest('Webhook URL must use https://', { errors: { url: 'Webhook URL must use https://' } });
  }
  try {
    await resolveTarget(url, options);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(error.message, { errors: { url: error.message } });
    throw error;
  }
}

export type PostResult = { statusCode: number | null; durationMs: number; error: string | null };

/**
 * POSTs one signed body. Never throws: a refused target, a timeout or a lost connection is a
 * failed attempt with its reason, as the delivery log shows it.
 */
export async function postWebhook(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  isProduction: boolean;
}): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Resolved | null;
  const url = new URL(input.url);
  try {
    target = await resolveTarget(url, { isProduction: input.isProduction });
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: (error as Error).message };
  }
  return new Promise<PostResult>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'LetLead-Webhooks/1.0',
        },
        timeout: DELIVERY_TIMEOUT_MS,
        // Connect to the checked address; TLS still verifies the certificate against the host name.
        // Connect to the checked address; TLS still verifies the certificate against the host name.
        ...(target ? { lookup: checkedLookup(target) } : {}),
      },
      (response) => {
        // The body is not read: only the status counts, and a large answer must not cost memory.
        response.resume();
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? null, durationMs: elapsed(), error: null }),
        );
        response.on('error', () =>
          resolve({ statusCode: response.statusCode ?? null, durationMs: elapsed(), error: null }),
        );
      },
    );
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_MS / 1000} seconds`));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ statusCode: null, durationMs: elapsed(), error: describeNetworkError(error) });
    });
    request.end(input.body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Host not found';
    case 'ECONNRESET':
      return 'Connection reset';
    default:
      return error.message || 'Request failed';
  }
}

/** A lookup that answers with the address already checked, whatever the name resolves to now. */
function checkedLookup(target: Resolved): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}
