import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  GetGroupCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { newProfile } from '@functions/store/profiles';
import { TABLE_KEYS } from '@functions/store/table';
import { ADMIN_GROUP, HR_GROUP, PASSWORD_MIN_LENGTH } from '@shared/constants';

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const attributes = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const index of TABLE_KEYS.indexes) attributes.add(index.partitionKey).add(index.sortKey);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.timeToLive, Enabled: true },
    }),
  );
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

/** The pool and app client, created once and remembered in the data dir. */
export async function ensureUserPool(
  client: CognitoIdentityProviderClient,
  dataDir: string,
): Promise<PoolIds> {
  const stateFile = join(dataDir, 'cognito-pool.json');
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as PoolIds;
    const found = await client
      .send(new DescribeUserPoolCommand({ UserPoolId: saved.userPoolId }))
      .then(() => true)
      .catch(() => false);
    if (found) {
      await ensureGroup(client, saved.userPoolId);
      return saved;
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'relocation-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // As on AWS (infra/stacks/auth-stack.ts): a second factor by authenticator app, optional.
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: {
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local returned no pool id');
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = app.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local returned no client id');
  await ensureGroup(client, userPoolId);
  const ids = { userPoolId, userPoolClientId };
  writeFileSync(stateFile, JSON.stringify(ids, null, 2));
  return ids;
}

/** The pool's groups, as on AWS (infra/stacks/auth-stack.ts): the team's and the HR users'. */
async function ensureGroup(client: CognitoIdentityProviderClient, userPoolId: string) {
  for (const GroupName of [ADMIN_GROUP, HR_GROUP]) {
    const exists = await client
      .send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName }))
      .then(() => true)
      .catch(() => false);
    if (!exists) await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
  }
}

async function findUserSub(client: CognitoIdentityProviderClient, userPoolId: string, email: string) {
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? null;
  } catch (error) {
    if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')
      return null;
    throw error;
  }
}

/**
 * The local admin from LOCAL_ADMIN_EMAIL / LOCAL_ADMIN_PASSWORD: confirmed, in the admin
 * group, password reset to the configured one, profile kept out of the customer list.
 */
export async function ensureAdmin(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: { email: string; password: string },
  profiles: {
    putProfileIfAbsent: (p: ReturnType<typeof newProfile>, role: 'admin') => Promise<unknown>;
    setProfileRole: (id: string, role: 'admin') => Promise<void>;
  },
): Promise<void> {
  if (!(await findUserSub(client, userPoolId, admin.email))) {
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        MessageAction: 'SUPPRESS',
        TemporaryPassword: admin.password,
        UserAttributes: [
          { Name: 'email', Value: admin.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: admin.email,
      Password: admin.password,
      Permanent: true,
    }),
  );
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: admin.email, GroupName: ADMIN_GROUP }),
  );
  const sub = await findUserSub(client, userPoolId, admin.email);
  if (!sub) throw new Error(`Local admin ${admin.email} not found after creation`);
  await profiles.putProfileIfAbsent(newProfile(sub, admin.email, new Date().toISOString()), 'admin');
  await profiles.setProfileRole(sub, 'admin');
}
