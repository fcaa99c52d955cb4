// The password change with Cognito and SES mocked: whose token it must be, how Cognito's
// refusals read, and that the owner hears of every change (and of nothing else).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePassword } from '../adapters/identity';
import { sendMail } from '../adapters/mail';
import { Invalid } from '../lib/errors';
import { admin, captureOutput, customer, expectRefused, USER } from '../test-fixtures';
import { changeMyPassword } from './password';

vi.mock('../adapters/identity');
vi.mock('../adapters/mail');

const tokenOf = (sub: string) =>
  ['e30', Buffer.from(JSON.stringify({ sub, token_use: 'access' })).toString('base64url'), 'sig'].join('.');
const request = (sub = USER) => ({
  current_password: 'old',
  new_password: 'newpassword',
  access_token: tokenOf(sub),
});

beforeEach(() => {
  vi.resetAllMocks();
  vi.stubEnv('APP_ORIGIN', 'https://app.example.com');
  captureOutput();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('changeMyPassword', () => {
  it("changes it with the caller's own token, then mails them in their language", async () => {
    await changeMyPassword(customer({ language: 'de' }), request());
    expect(changePassword).toHaveBeenCalledWith(tokenOf(USER), 'old', 'newpassword');
    const [mail] = vi.mocked(sendMail).mock.calls.map(([m]) => m);
    expect(mail).toMatchObject({ to: 'Customer@Example.com', subject: 'Ihr Passwort wurde geändert' });
    expect(mail?.text).toContain('https://app.example.com/forgot-password');
  });

  it('admins change theirs the same way', async () => {
    const caller = admin();
    await changeMyPassword(caller, request(caller.userId));
    expect(changePassword).toHaveBeenCalledOnce();
  });

  it.each([
    ['another user’s token', tokenOf('someone-else')],
    ['a token that is no JWT', 'not-a-token'],
  ])('%s: Invalid, nothing changed or mailed', async (_what, token) => {
    await expectRefused(
      changeMyPassword(customer(), { ...request(), access_token: token }),
      Invalid,
      'invalidInput',
    );
    expect(changePassword).not.toHaveBeenCalled();
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('Cognito refusing (wrong current password): the refusal stands and nobody is mailed', async () => {
    vi.mocked(changePassword).mockRejectedValue(new Invalid('currentPasswordWrong'));
    await expectRefused(changeMyPassword(customer(), request()), Invalid, 'currentPasswordWrong');
    expect(sendMail).not.toHaveBeenCalled();
  });
});
