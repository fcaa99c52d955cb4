import { clock } from '../lib/clock';

/**
 * What a container has heard from Cognito about a user and may trust for a while: a yes is
 * kept for `ttlMs` per user, a no is never kept (so a change for the better counts at once,
 * one for the worse within `ttlMs`). Admins are few, so the map stays small.
 */
export class Confirmations {
  private readonly confirmedAt = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  fresh(userId: string): boolean {
    const at = this.confirmedAt.get(userId);
    return at !== undefined && clock.now().getTime() - at < this.ttlMs;
  }

  confirm(userId: string): void {
    this.confirmedAt.set(userId, clock.now().getTime());
  }

  forget(userId: string): void {
    this.confirmedAt.delete(userId);
  }
}

/** How long a container trusts Cognito's answer about an admin (their group, their second factor). */
export const ADMIN_CHECK_MS = 30_000;
