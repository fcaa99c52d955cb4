// HR invitations (README 'Key design'): the invitation in its company's partition, the invitee
// item under the invited address (one invitation per address and company) and the link's token,
// always written and removed together.
import { env } from '../config';
import { Conflict } from '../lib/errors';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { batchGet, type TransactItems, tryTransact } from './client';
import { companyIsOpen, notAnHrUser, putHrAddress, putMembership } from './companies';
import {
  type HrInvitationItem,
  hrInvitations,
  type Invitee,
  invitees,
  type Membership,
  profiles,
} from './entities';
import { deleteToken, putToken } from './invitation-tokens';

const inviteeOf = (invitation: HrInvitationItem): Invitee => ({
  email: invitation.email,
  kind: 'hr',
  company_id: invitation.company_id,
  target_id: invitation.id,
});

/** The token item of an invitation as it stands (its hash and expiry). */
const tokenOf = (invitation: HrInvitationItem) =>
  putToken({
    token_hash: invitation.token_hash,
    kind: 'hr',
    company_id: invitation.company_id,
    target_id: invitation.id,
    valid_until: invitation.expires_at,
  });

/**
 * Puts a new HR invitation, its invitee item and its token in one transaction, with the record
 * on the company's trail. The address already invited by this company: 409 alreadyInvited; the
 * company being deleted meanwhile: 409 companyDeleting.
 */
export async function putHrInvitation(invitation: HrInvitationItem, audit: Audit): Promise<void> {
  const failed = await tryTransact(
    withAudit(
      [
        companyIsOpen(invitation.company_id),
        {
          Put: {
            TableName: env.tableName,
            Item: hrInvitations.toItem(invitation),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: env.tableName,
            Item: invitees.toItem(inviteeOf(invitation)),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        tokenOf(invitation),
        notAnHrUser(invitation.email),
      ],
      audit,
    ),
  );
  if (!failed) return;
  if (failed[0]) throw new Conflict('companyDeleting');
  throw new Conflict(failed[4] ? 'alreadyHrUser' : 'alreadyInvited');
}

/** One HR invitation of a company (strongly consistent); null: none, or accepted. */
export async function readHrInvitation(
  companyId: string,
  inviteId: string,
): Promise<HrInvitationItem | null> {
  const [item] = await batchGet([hrInvitations.key(companyId, inviteId)], { consistent: true });
  return item ? hrInvitations.fromItem(item) : null;
}

/** The HR invitation of this company to this address, by its invitee item; null: none. */
export async function readHrInvitationTo(email: string, companyId: string): Promise<HrInvitationItem | null> {
  const [item] = await batchGet([invitees.key(email, 'hr', companyId)], { consistent: true });
  if (!item) return null;
  return readHrInvitation(companyId, invitees.fromItem(item).target_id);
}

/**
 * A resend: the old token deleted, the new one put, the invitation's hash, expiry and mail time
 * updated, on condition that the invitation still has the token that was read (of two resends
 * at once, one applies). False: it did not (answered or resent meanwhile).
 */
export async function rotateHrInvitation(
  invitation: HrInvitationItem,
  next: Pick<HrInvitationItem, 'token_hash' | 'expires_at' | 'mailed_at'>,
  audit: Audit,
): Promise<boolean> {
  const failed = await tryTransact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: hrInvitations.keyOf(invitation),
            UpdateExpression: 'SET token_hash = :next, expires_at = :expires, mailed_at = :mailed',
            ConditionExpression: 'token_hash = :read',
            ExpressionAttributeValues: {
              ':read': invitation.token_hash,
              ':next': next.token_hash,
              ':expires': next.expires_at,
              ':mailed': next.mailed_at,
            },
          },
        },
        deleteToken(invitation.token_hash),
        tokenOf({ ...invitation, ...next }),
      ],
      audit,
    ),
  );
  return failed === null;
}

/**
 * The HR user joins: the invitation, its invitee item and its token deleted, the membership
 * put, with the record on the company's trail, in one transaction, on condition that the
 * invitation is as read, the address is no HR user's yet (its item is put with the membership),
 * the account holds no customer data (a customer profile without
 * documents, not onboarded) and is not being deleted, and the company is open.
 */
export async function joinCompany(
  invitation: HrInvitationItem,
  membership: Membership,
  audit: Audit,
): Promise<void> {
  const items: TransactItems = [
    {
      Delete: {
        TableName: env.tableName,
        Key: hrInvitations.keyOf(invitation),
        ConditionExpression: 'token_hash = :read',
        ExpressionAttributeValues: { ':read': invitation.token_hash },
      },
    },
    { Delete: { TableName: env.tableName, Key: invitees.keyOf(inviteeOf(invitation)) } },
    deleteToken(invitation.token_hash),
    putMembership(membership),
    {
      ConditionCheck: {
        TableName: env.tableName,
        Key: profiles.key(membership.user_id),
        ConditionExpression:
          '#role = :customer AND documents_count = :none AND onboarding_completed = :false',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':customer': 'customer', ':none': 0, ':false': false },
      },
    },
    accountNotDeleted(membership.user_id),
    companyIsOpen(invitation.company_id),
    putHrAddress(membership),
  ];
  const failed = await tryTransact(withAudit(items, audit));
  if (!failed) return;
  if (failed[4]) throw new Conflict('hrNeedsNewAccount');
  if (failed[6]) throw new Conflict('companyDeleting');
  throw new Conflict('invitationAnswered');
}
