// The smoke test signs in on AWS with SRP, which the local Cognito emulator does not speak.
// So here a stand-in user pool does Cognito's side of SRP (PASSWORD_VERIFIER, RFC 5054 with
// Cognito's HKDF and claim signature) for one user: signIn gets tokens only when Amplify,
// running in Node, proves the password correctly.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RuntimeConfig } from '@shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in';

// The 3072-bit MODP group of RFC 3526, generator 2: Cognito's SRP group.
const N = BigInt(
  '0xFFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}
/** Even-length hex, with a 00 byte when the top bit is set (Java's BigInteger bytes, as Cognito). */
function padHex(n: bigint): string {
  const digits = n.toString(16);
  const hex = digits.length % 2 ? `0${digits}` : digits;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const hashHex = (hex: string) => sha256(Buffer.from(hex, 'hex')).toString('hex');
const big = (hex: string) => BigInt(`0x${hex}`);
const hmac = (key: Buffer, data: Buffer | string) => createHmac('sha256', key).update(data).digest();

const POOL_ID = 'eu-central-1_SmokeTest1';
const POOL_NAME = 'SmokeTest1';
const user = { email: 'smoke@example.com', password: 'correct horse', id: randomUUID() };
const salt = big(randomBytes(16).toString('hex'));
const x = big(hashHex(padHex(salt) + sha256(`${POOL_NAME}${user.id}:${user.password}`).toString('hex')));
const verifier = modPow(g, x, N);
const k = big(hashHex(padHex(N) + padHex(g)));

/** Cognito's check of a PASSWORD_VERIFIER answer, as the service does it. */
function expectedSignature(
  session: { A: bigint; b: bigint; B: bigint; secretBlock: string },
  timestamp: string,
) {
  const u = big(hashHex(padHex(session.A) + padHex(session.B)));
  const S = modPow((session.A * modPow(verifier, u, N)) % N, session.b, N);
  const prk = hmac(Buffer.from(padHex(u), 'hex'), Buffer.from(padHex(S), 'hex'));
  const key = hmac(prk, 'Caldera Derived Key\u0001').subarray(0, 16);
  const message = Buffer.concat([
    Buffer.from(POOL_NAME + user.id),
    Buffer.from(session.secretBlock, 'base64'),
    Buffer.from(timestamp),
  ]);
  return hmac(key, message).toString('base64');
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: Record<string, unknown>) =>
  `${b64({ alg: 'RS256', kid: 'test' })}.${b64(claims)}.signature`;

let server: Server;
let endpoint = '';
const targets: string[] = [];

beforeAll(async () => {
  const sessions = new Map<string, { A: bigint; b: bigint; B: bigint; secretBlock: string }>();
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => {
      const target = String(req.headers['x-amz-target']).split('.').pop() ?? '';
      targets.push(target);
      const input = JSON.parse(text) as Record<string, Record<string, string> & { SRP_A?: string }>;
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      const refuse = () =>
        answer(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
      if (target === 'InitiateAuth') {
        const params = input.AuthParameters ?? {};
        if (String(input.AuthFlow) !== 'USER_SRP_AUTH' || params.USERNAME !== user.email) return refuse();
        const b = big(randomBytes(32).toString('hex'));
        const B = (k * verifier + modPow(g, b, N)) % N;
        const session = {
          A: big(params.SRP_A ?? '0'),
          b,
          B,
          secretBlock: randomBytes(64).toString('base64'),
        };
        const id = randomUUID();
        sessions.set(id, session);
        return answer(200, {
          ChallengeName: 'PASSWORD_VERIFIER',
          Session: id,
          ChallengeParameters: {
            SRP_B: session.B.toString(16),
            SALT: salt.toString(16),
            SECRET_BLOCK: session.secretBlock,
            USER_ID_FOR_SRP: user.id,
            USERNAME: user.id,
          },
        });
      }
      if (target === 'RespondToAuthChallenge') {
        const session = sessions.get(String(input.Session));
        const responses = input.ChallengeResponses ?? {};
        if (!session || responses.PASSWORD_CLAIM_SECRET_BLOCK !== session.secretBlock) return refuse();
        if (responses.PASSWORD_CLAIM_SIGNATURE !== expectedSignature(session, responses.TIMESTAMP ?? ''))
          return refuse();
        const now = Math.floor(Date.now() / 1000);
        const claims = { sub: user.id, email: user.email, iat: now, exp: now + 3600 };
        return answer(200, {
          AuthenticationResult: {
            IdToken: jwt({ ...claims, token_use: 'id' }),
            AccessToken: jwt({ ...claims, token_use: 'access', username: user.id }),
            RefreshToken: 'refresh',
            ExpiresIn: 3600,
            TokenType: 'Bearer',
          },
        });
      }
      answer(400, { __type: 'InvalidParameterException', message: `unexpected ${target}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const config = (): RuntimeConfig => ({
  stage: 'test',
  apiBasePath: '/api',
  auth: {
    userPoolId: POOL_ID,
    userPoolClientId: 'smokeclient',
    userPoolEndpoint: endpoint,
    authFlowType: 'USER_SRP_AUTH',
  },
  support: { email: 'support@example.com', whatsapp: '+49 1' },
});

describe('signIn with USER_SRP_AUTH, in Node', () => {
  // The wrong password first: Amplify keeps one signed-in user per process.
  it('is refused with a wrong password (the proof does not match)', async () => {
    const result = await signIn(config(), 'https://app.example', user.email, 'wrong password');
    expect(result).toEqual({ problem: expect.stringContaining('NotAuthorizedException') });
    expect(targets).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
  });

  it('gets the ID token with the right password', async () => {
    const result = await signIn(config(), 'https://app.example', user.email, user.password);
    if (!('idToken' in result)) throw new Error(result.problem);
    const claims = JSON.parse(Buffer.from(result.idToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, token_use: 'id' });
  });
});
