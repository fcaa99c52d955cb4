// Companies and their HR users, end to end with real tokens through the route table: the admin
// creates a company and invites an HR user; the invitation's link is looked up; the invited
// person signs up with that address, accepts, and reaches the company once their second factor
// is set up; resends rotate the link; an expired invitation and an account with customer data
// are refused; a revoked HR user's token is refused at once.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CompanyDetail, CompanySummary, ErrorBody, InvitationLookup, Page } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamo } from '../../functions/src/store/client';
import { hrInvitations, invitationTokens } from '../../functions/src/store/entities';
import { tokenHash } from '../../functions/src/store/invitation-tokens';
import { adminToken, api, login, tokenClaims, uniqueEmail } from '../support/auth';
import { customerWith } from '../support/customers';
import {
  hrUser,
  invitationTokenOf,
  inviteHr,
  mailsWith,
  newCompany,
  refreshed,
  signUpConfirmed,
} from '../support/hr-user';
import { enrolSecondFactor } from '../support/mfa';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
let admin: string;
let table: string;
beforeAll(async () => {
  admin = await adminToken(url);
  table = (await pointStoreAt(url)).table;
});

const lookUp = (token: string) =>
  api<InvitationLookup & ErrorBody>(url, '/api/invitations/lookup', { method: 'POST', body: { token } });
const accept = (idToken: string, companyId: string) =>
  api<ErrorBody>(url, `/api/me/hr-invitations/${companyId}/accept`, { token: idToken, method: 'POST' });
const resend = (companyId: string, inviteId: string) =>
  api<ErrorBody>(url, `/api/admin/companies/${companyId}/hr-invitations/${inviteId}/resend`, {
    token: admin,
    method: 'POST',
  });
const detail = (companyId: string) =>
  api<CompanyDetail>(url, `/api/admin/companies/${companyId}`, { token: admin });

/** An hour ago, as stored. */
const past = () => new Date(Date.now() - 3600_000).toISOString();

/** Moves an invitation's mail time (for a resend) or expiry into the past, in the table itself. */
async function backdate(companyId: string, inviteId: string, field: 'mailed_at' | 'expires_at') {
  await dynamo().send(
    new UpdateCommand({
      TableName: table,
      Key: hrInvitations.key(companyId, inviteId),
      UpdateExpression: `SET ${field} = :past`,
      ExpressionAttributeValues: { ':past': past() },
    }),
  );
}

describe('companies and their HR users', () => {
  it('the admin creates a company and invites HR; the invited person joins with the link and a second factor', async () => {
    const company = await newCompany(url, admin, 'Acme Relocation GmbH');
    expect(company.name).toBe('Acme Relocation GmbH');
    const listed = await api<Page<CompanySummary>>(url, '/api/admin/companies?limit=100', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.items.find((item) => item.company.id === company.id)).toMatchObject({
      company,
      counts: { invited: 0, sharing: 0 },
    });

    const email = uniqueEmail('hr');
    const before = Date.now();
    const invitation = await inviteHr(url, admin, company.id, email, 'de');
    expect(invitation).toMatchObject({ email, language: 'de', expired: false });
    const [mail] = await mailsWith(url, email, '/invitation#', 1, before);
    expect(mail?.subject).toBe('Ihre Einladung: die Umzüge bei Acme Relocation GmbH begleiten');
    const token = invitationTokenOf(mail);
    expect((await lookUp(token)).body).toEqual({
      kind: 'hr',
      company_id: company.id,
      company_name: 'Acme Relocation GmbH',
      email,
      expired: false,
    });
    // The same address again: one invitation per address and company.
    const twice = await api<ErrorBody>(url, `/api/admin/companies/${company.id}/hr-invitations`, {
      token: admin,
      method: 'POST',
      body: { email, language: 'en' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.messageKey).toBe('apiErrors.alreadyInvited');
    expect((await detail(company.id)).body.hr_invitations).toEqual([invitation]);

    // Someone else, signed in with another address, cannot accept it.
    const stranger = await customerWith(url);
    expect((await accept(stranger.idToken, company.id)).status).toBe(404);

    await signUpConfirmed(url, email, 'secret-pass');
    const first = await login(url, email, 'secret-pass');
    const joined = await accept(first.idToken, company.id);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual(company);
    // Used: the link names nothing any more (the same answer as a token never issued).
    const used = await lookUp(token);
    expect(used.status).toBe(404);
    expect(used.body.error.messageKey).toBe('apiErrors.invitationNotFound');

    const hr = await refreshed(url, first.refreshToken);
    expect(tokenClaims(hr.idToken)['cognito:groups']).toEqual(['hr']);
    const noFactor = await api<ErrorBody>(url, '/api/company', { token: hr.idToken });
    expect(noFactor.status).toBe(403);
    expect(noFactor.body.error.code).toBe('mfa_required');
    await enrolSecondFactor(url, email, hr.accessToken);
    const mine = await api<CompanySummary>(url, '/api/company', { token: hr.idToken });
    expect(mine.status).toBe(200);
    expect(mine.body.company).toEqual(company);

    const after = (await detail(company.id)).body;
    expect(after.hr_invitations).toEqual([]);
    expect(after.hr_users).toEqual([
      { user_id: tokenClaims(hr.idToken).sub, email, added_at: expect.any(String) },
    ]);
  });

  it('looks up an employee invitation by its token too, and answers an unknown token 404', async () => {
    const unknown = await lookUp('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.messageKey).toBe('apiErrors.invitationNotFound');
    expect((await lookUp('short')).status).toBe(400);
  });

  it('refuses an HR invitation to an address whose account holds customer data: 409 hrNeedsNewAccount', async () => {
    const customer = await customerWith(url, { arrival: '2027-03-01', onboarded: true });
    const company = await newCompany(url, admin);
    await inviteHr(url, admin, company.id, customer.email);
    const refused = await accept(customer.idToken, company.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.messageKey).toBe('apiErrors.hrNeedsNewAccount');
    // Still a customer, and still invited.
    expect((await api(url, '/api/me/documents', { token: customer.idToken })).status).toBe(200);
    expect((await detail(company.id)).body.hr_invitations).toHaveLength(1);
  });

  it('resend rotates the link (the old one 404s, the new one works), at most every 10 minutes', async () => {
    const company = await newCompany(url, admin);
    const email = uniqueEmail('hr');
    const before = Date.now();
    const invitation = await inviteHr(url, admin, company.id, email);
    const [first] = await mailsWith(url, email, '/invitation#', 1, before);
    const oldToken = invitationTokenOf(first);

    const soon = await resend(company.id, invitation.id);
    expect(soon.status).toBe(429);
    expect(soon.body.error.messageKey).toBe('apiErrors.resendTooSoon');

    await backdate(company.id, invitation.id, 'mailed_at');
    const resent = await resend(company.id, invitation.id);
    expect(resent.status).toBe(200);
    const mails = await mailsWith(url, email, '/invitation#', 2, before);
    const newToken = invitationTokenOf(mails[1]);
    expect(newToken).not.toBe(oldToken);
    expect((await lookUp(oldToken)).status).toBe(404);
    expect((await lookUp(newToken)).body).toMatchObject({ kind: 'hr', email, expired: false });
    expect((await resend(company.id, invitation.id)).status).toBe(429);
    expect((await resend(company.id, 'no-such-invitation')).status).toBe(404);
  });

  it('refuses an expired invitation with 409 invitationExpired; the lookup says it expired', async () => {
    const company = await newCompany(url, admin);
    const email = uniqueEmail('hr');
    const before = Date.now();
    const invitation = await inviteHr(url, admin, company.id, email);
    const [mail] = await mailsWith(url, email, '/invitation#', 1, before);
    await backdate(company.id, invitation.id, 'expires_at');
    await signUpConfirmed(url, email, 'secret-pass');
    const session = await login(url, email, 'secret-pass');
    const refused = await accept(session.idToken, company.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.messageKey).toBe('apiErrors.invitationExpired');
    expect((await detail(company.id)).body.hr_invitations).toEqual([
      expect.objectContaining({ id: invitation.id, expired: true }),
    ]);
    // The link's page says so once the token has run out too (they run out together).
    const token = invitationTokenOf(mail);
    await dynamo().send(
      new UpdateCommand({
        TableName: table,
        Key: invitationTokens.key(tokenHash(token)),
        UpdateExpression: 'SET valid_until = :past',
        ExpressionAttributeValues: { ':past': past() },
      }),
    );
    expect((await lookUp(token)).body).toMatchObject({ kind: 'hr', email, expired: true });
  });

  it('revokes an HR user: their token is refused at once, they are a customer again', async () => {
    const hr = await hrUser(url, admin);
    expect((await api(url, '/api/company', { token: hr.idToken })).status).toBe(200);
    const other = await newCompany(url, admin);
    // Not an HR user of that company: 404, and nothing changes.
    expect(
      (await api(url, `/api/admin/companies/${other.id}/hr/${hr.userId}`, { token: admin, method: 'DELETE' }))
        .status,
    ).toBe(404);
    expect((await api(url, '/api/company', { token: hr.idToken })).status).toBe(200);

    const revoked = await api(url, `/api/admin/companies/${hr.company.id}/hr/${hr.userId}`, {
      token: admin,
      method: 'DELETE',
    });
    expect(revoked.status).toBe(204);
    // The token says hr, the group no longer does: refused as any token behind its role.
    expect((await api(url, '/api/company', { token: hr.idToken })).status).toBe(401);
    expect((await detail(hr.company.id)).body.hr_users).toEqual([]);
    const again = await login(url, hr.email, hr.password);
    expect(tokenClaims(again.idToken)['cognito:groups']).toBeUndefined();
    const asCustomer = await api<ErrorBody>(url, '/api/company', { token: again.idToken });
    expect(asCustomer.status).toBe(403);
    expect((await api(url, '/api/me/documents', { token: again.idToken })).status).toBe(200);
    expect(
      (
        await api(url, `/api/admin/companies/${hr.company.id}/hr/${hr.userId}`, {
          token: admin,
          method: 'DELETE',
        })
      ).status,
    ).toBe(404);
  });

  it('refuses customers and admins on GET /api/company with 403, and answers an unknown company 404', async () => {
    const customer = await customerWith(url);
    expect((await api(url, '/api/company', { token: customer.idToken })).status).toBe(403);
    expect((await api(url, '/api/company', { token: admin })).status).toBe(403);
    expect((await detail('no-such-company')).status).toBe(404);
    const invite = await api<ErrorBody>(url, '/api/admin/companies/no-such-company/hr-invitations', {
      token: admin,
      method: 'POST',
      body: { email: uniqueEmail('hr'), language: 'en' },
    });
    expect(invite.status).toBe(404);
    expect(invite.body.error.messageKey).toBe('apiErrors.companyNotFound');
  });
});
