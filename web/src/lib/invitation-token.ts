import { INVITATION_TOKEN_PATTERN } from '@shared/constants';

// An invitation link is <origin>/invitation#<token>: the fragment never travels in a request
// line (no server, CDN or gateway log holds it). The page takes it from the address at once and
// keeps it in this tab's sessionStorage through sign-up, e-mail verification and log-in, until
// the invitation is answered.

const KEY = 'relocation.invitationToken';

/** The token of a fragment ('#abc…'), or null when it is not one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '');
  // The pattern, not the schema: this module is on the log-in page's path, zod is not.
  return INVITATION_TOKEN_PATTERN.test(token) ? token : null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage turned off: the link works while the page stays open
  }
}

/** The invitation this tab is answering, if any. */
export function pendingInvitationToken(): string | null {
  return storage()?.getItem(KEY) ?? null;
}

export function keepInvitationToken(token: string): void {
  storage()?.setItem(KEY, token);
}

/** The invitation is answered (or gone): sign-ins go to the home page again. */
export function forgetInvitationToken(): void {
  storage()?.removeItem(KEY);
}

/**
 * The token of the page's address (kept, and taken out of the address so it is neither in the
 * history nor shared with a copied link), else the one kept from earlier in this tab.
 */
export function takeInvitationToken(): string | null {
  const fromHash = typeof window === 'undefined' ? null : tokenFromHash(window.location.hash);
  if (fromHash) {
    keepInvitationToken(fromHash);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return pendingInvitationToken();
}
