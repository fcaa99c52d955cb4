import type { Profile } from '@shared/api';
import type { Role } from '@shared/constants';
import { roleFromGroups } from '@shared/roles';
import { Unauthenticated } from '../lib/errors';
import type { UserPartition } from '../store/user-partition';

export interface Caller {
  userId: string;
  email: string;
  role: Role;
}

/** A caller admitted to a signed-in route: the account exists and is not being deleted. */
export interface Account extends Caller {
  /** The caller's profile, read (strongly consistent) as the request was admitted. */
  profile: Profile;
  /** An HR user's company, from their membership read with the account; null for everyone else. */
  companyId: string | null;
}

/**
 * A caller admitted from one read of their whole partition (a route with `readsPartition`):
 * the handler works from this read and makes none of its own.
 */
export type WithPartition<A extends Account> = A & { partition: UserPartition };

/** Who a customer-only route is called by. */
export type CustomerAccount = Account & { role: 'customer' };
/** Who an admin-only route is called by. */
export type AdminAccount = Account & { role: 'admin' };
/** Who an HR route is called by: an HR user of exactly one company (their membership, read as admitted). */
export type HrAccount = Account & { role: 'hr'; companyId: string };

/**
 * Who is calling, from the JWT claims the authorizer verified (API Gateway on AWS, the
 * local server's verifier locally). Only ID tokens carry the e-mail we need.
 */
export function callerFromClaims(claims: Record<string, unknown> | undefined): Caller {
  const sub = claims?.sub;
  const email = claims?.email;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || claims?.token_use !== 'id') {
    throw new Unauthenticated();
  }
  return { userId: sub, email, role: roleFromGroups(claims['cognito:groups']) };
}
