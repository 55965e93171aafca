import type { Request, RequestHandler } from 'express';
import { DomainError } from '@tip/platform';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a write (POST, PUT, PATCH, DELETE) that the browser says another site's page sent: `Sec-Fetch-Site:
 * cross-site`, or an `Origin` whose host is neither this request's (its Host, or X-Forwarded-Host from a proxy
 * TRUST_PROXY trusts) nor PUBLIC_URL's. SameSite=Lax alone is not enough: a sibling subdomain is the same site, and
 * browsers that predate Lax by default, or allow a new cookie on cross-site POSTs for its first minutes, still send
 * it. A request without Origin or Sec-Fetch-Site is not a browser's cross-site one (browsers send Origin with every
 * write from another origin): Stripe's webhook, curl and the tests go through. Hosts are compared, not schemes, as
 * the socket's handshake check does, so that a TLS proxy that does not say X-Forwarded-Proto refuses nothing.
 * Stateless: every BFF replica decides alike.
 */
export function sameSiteWritesOnly(publicUrl: () => string): RequestHandler {
  return (req, _res, next) => {
    if (WRITES.has(req.method) && fromAnotherSite(req, publicUrl())) {
      return next(new DomainError('PERMISSION_DENIED', 'errors.crossSite'));
    }
    next();
  };
}

function fromAnotherSite(req: Request, publicUrl: string): boolean {
  if (req.get('sec-fetch-site')?.toLowerCase() === 'cross-site') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  const from = hostOf(origin);
  return (
    from === undefined || ![req.get('host'), req.host, hostOf(publicUrl)].some((own) => own?.toLowerCase() === from)
  );
}

/** The host (and port, when not the scheme's default) of a URL; undefined for "null" and garbage. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
