// The security headers every page and API response carries: one definition for CloudFront's
// response headers policy (infra/stacks/web-stack.ts) and the local origin (infra/local/stack.ts),
// so tests against the local stack see what production sends.

/** HSTS: one year, subdomains included. */
export const HSTS_SECONDS = 365 * 24 * 60 * 60;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const FRAME_OPTIONS = 'DENY';

/** Where the browser talks to besides its own origin. */
export interface CspOrigins {
  /** The documents bucket (presigned uploads, previews in an iframe, downloads). */
  documents: string;
  /** Cognito's API; null when it is on the page's own origin (the local proxy). */
  cognito: string | null;
}

export function contentSecurityPolicy(origins: CspOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React sets style attributes (progress bars); no inline <style> or scripts otherwise.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${origins.documents}`,
    `connect-src 'self'${origins.cognito ? ` ${origins.cognito}` : ''} ${origins.documents}`,
    `frame-src ${origins.documents}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers as CloudFront's policy sends them (header name → value). */
export function securityHeaders(origins: CspOrigins, options: { csp: boolean } = { csp: true }) {
  return {
    'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    ...(options.csp ? { 'content-security-policy': contentSecurityPolicy(origins) } : {}),
  };
}
