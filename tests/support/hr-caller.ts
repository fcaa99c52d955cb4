// A STAND-IN for the company fixtures (tests/support/company.ts, `companyWithHr`), until they
// exist: an HR user of a new company, made of the real parts. A customer signs up through the
// Cognito emulator, is put in the `hr` group with the Cognito admin API (the group created first
// when the local stack has none yet), sets up an authenticator app (HR users need one, as
// admins do), and the company and the membership are written through the store's own entities.
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { HR_GROUP } from '@shared/constants';
import { env } from '../../functions/src/config';
import { dynamo } from '../../functions/src/store/client';
import { companies, memberships } from '../../functions/src/store/entities';
import { login, newCustomer, tokenClaims } from './auth';
import { endpoints } from './documents';
import { enrolSecondFactor } from './mfa';
import { pointStoreAt } from './store-env';

/** A company of its own, and its HR user's ID token (group `hr`, second factor set up). */
export async function hrOfNewCompany(url: string, name = `Firma ${randomUUID().slice(0, 6)} GmbH`) {
  const person = await newCustomer(url);
  const userId = String(tokenClaims(person.idToken).sub);
  const e = await endpoints(url);
  const cognito = new CognitoIdentityProviderClient({
    endpoint: e.cognito,
    region: e.region,
    credentials: e.s3Credentials,
  });
  const group = { UserPoolId: e.userPoolId, GroupName: HR_GROUP };
  const exists = await cognito
    .send(new GetGroupCommand(group))
    .then(() => true)
    .catch(() => false);
  if (!exists) await cognito.send(new CreateGroupCommand(group)).catch(() => undefined);
  await cognito.send(new AdminAddUserToGroupCommand({ ...group, Username: person.email }));
  const asHr = await login(url, person.email, person.password);
  await enrolSecondFactor(url, person.email, asHr.accessToken);

  const companyId = randomUUID();
  const at = new Date().toISOString();
  await pointStoreAt(url);
  const put = (Item: Record<string, unknown>) =>
    dynamo().send(new PutCommand({ TableName: env.tableName, Item }));
  await put(
    companies.toItem({
      id: companyId,
      name,
      contact_email: person.email,
      created_at: at,
      created_by: 'test',
      deleting_at: null,
    }),
  );
  await put(
    memberships.toItem({
      user_id: userId,
      company_id: companyId,
      email: person.email,
      added_at: at,
      added_by: 'test',
    }),
  );
  return { ...person, idToken: asHr.idToken, userId, companyId, companyName: name };
}
