// Runs cognito-local (in its own working directory, where it keeps `.cognito/`) and
// delivers its messages by e-mail through our local mail bridge instead of the console.
// Like real Cognito, every {####} in the CustomMessage output becomes the code
// (cognito-local itself replaces only the first one).
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService');
const { Targets } = require('cognito-local/lib/targets/targets');
const { UserNotFoundError } = require('cognito-local/lib/errors');

ConsoleMessageSender.prototype.sendEmail = async (_ctx, user, destination, message) => {
  const code = message.__code;
  const email = user.Attributes.find((a) => a.Name === 'email')?.Value ?? destination;
  const html = (message.emailMessage || `Your verification code is {####}`).split('{####}').join(code);
  const response = await fetch(process.env.MAIL_BRIDGE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: email, subject: message.emailSubject || 'Your verification code', html }),
  });
  if (!response.ok) throw new Error(`mail bridge answered ${response.status}`);
};

// Our pools sign in case-insensitively (signInCaseSensitive: false on AWS): the same address
// in any case is one user, for sign-up, sign-in and every lookup. cognito-local compares
// e-mail aliases exactly, so its user lookup is made to ignore case for e-mail addresses.
const exactLookup = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function (ctx, username) {
  const exact = await exactLookup.call(this, ctx, username);
  if (exact || typeof username !== 'string' || !username.includes('@')) return exact;
  const wanted = username.toLowerCase();
  const users = await this.listUsers(ctx);
  return (
    users.find((user) =>
      (user.Attributes ?? []).some((a) => a.Name === 'email' && String(a.Value).toLowerCase() === wanted),
    ) ?? null
  );
};

// AdminUserGlobalSignOut, which cognito-local lacks: revokes every refresh token of the user.
Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

require('cognito-local/lib/bin/start.js');
