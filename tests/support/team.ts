// The suites' admin as one of the support team with a first name (admins have no form of
// their own for it): written into their profile through the product's store, as an operator would.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../../functions/src/config';
import { dynamo } from '../../functions/src/store/client';
import { profiles } from '../../functions/src/store/entities';
import { adminToken, api } from './auth';
import { pointStoreAt } from './store-env';

/** The test admin's token and id, with this first name on their profile. */
export async function namedAdmin(url: string, firstName: string) {
  const token = await adminToken(url);
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token });
  await pointStoreAt(url);
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: profiles.key(me.body.profile.id),
      UpdateExpression: 'SET first_name = :first',
      ExpressionAttributeValues: { ':first': firstName },
    }),
  );
  return { token, id: me.body.profile.id };
}
