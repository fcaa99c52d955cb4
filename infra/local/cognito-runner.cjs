// Runs cognito-local (in its own working directory, where it keeps `.cognito/`) and
// delivers its messages by e-mail through our local mail bridge instead of the console.
// Like real Cognito, every {####} in the CustomMessage output becomes the code
// (cognito-local itself replaces only the first one).
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService');
const { Targets } = require('cognito-local/lib/targets/targets');
const {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} = require('cognito-local/lib/errors');

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

// Our pool prevents user-existence errors (preventUserExistenceErrors on AWS): the answers
// below for an unknown user are the ones Cognito gives then, not cognito-local's.
const emailDelivery = (user) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: (user?.Attributes ?? []).find((a) => a.Name === 'email')?.Value ?? '',
});

// ResendConfirmationCode, which cognito-local lacks: a fresh code by the same CustomMessage
// trigger (CustomMessage_ResendCode) as the sign-up's.
Targets.ResendConfirmationCode =
  ({ cognito, messages, otp }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) return { CodeDeliveryDetails: emailDelivery(null) };
    if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const code = otp();
    const delivery = emailDelivery(user);
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      req.ClientMetadata,
      delivery,
    );
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: delivery };
  };

// ConfirmSignUp as Cognito answers it: an unknown user gets a code mismatch (not "not
// authorized", which reads as a wrong password), a confirmed one "already CONFIRMED".
const confirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const confirm = confirmSignUp(services);
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new CodeMismatchError();
    if (user.UserStatus === 'CONFIRMED') {
      throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
    }
    return confirm(ctx, req);
  };
};

// ChangePassword with a wrong current password: Cognito answers NotAuthorized ("Incorrect
// username or password."); cognito-local answers InvalidPassword, which Cognito keeps for a
// new password that breaks the policy.
const changePassword = Targets.ChangePassword;
Targets.ChangePassword = (services) => {
  const change = changePassword(services);
  return async (ctx, req) => {
    try {
      return await change(ctx, req);
    } catch (error) {
      if (error?.code === 'InvalidPasswordException')
        throw new NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };
};

// ForgotPassword for an unknown user: a delivery that never happens, as Cognito pretends.
const forgotPassword = Targets.ForgotPassword;
Targets.ForgotPassword = (services) => {
  const forgot = forgotPassword(services);
  return async (ctx, req) => {
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    if (!(await pool.getUserByUsername(ctx, req.Username)))
      return { CodeDeliveryDetails: emailDelivery(null) };
    return forgot(ctx, req);
  };
};

/** A JWT's claims, decoded, not verified (as cognito-local's own token-taking calls do), or null. */
function decodeJwt(jwt) {
  try {
    return JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

// GlobalSignOut, which cognito-local lacks: the signed-in user revokes every refresh token of
// theirs (sessions elsewhere end at their next refresh). Like cognito-local's own
// token-taking calls, the access token is decoded, not verified: this is the emulator.
Targets.GlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const token = decodeJwt(req.AccessToken);
    if (token?.token_use !== 'access') throw new NotAuthorizedError();
    const pool = await cognito.getUserPoolForClientId(ctx, token.client_id);
    const user = await pool.getUserByUsername(ctx, token.username ?? token.sub);
    if (!user) throw new NotAuthorizedError();
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

// The second factor (authenticator app, TOTP). cognito-local has AssociateSoftwareToken,
// SetUserMFAPreference and the SOFTWARE_TOKEN_MFA challenge; what differs from Cognito is
// bridged below, and AdminSetUserMFAPreference, which it lacks, is added.

// VerifySoftwareToken as Cognito answers it: a right code marks the token verified and turns
// nothing on (SetUserMFAPreference does that); a wrong one is EnableSoftwareTokenMFAException
// ("Code mismatch"), not cognito-local's CodeMismatch.
const verifySoftwareToken = Targets.VerifySoftwareToken;
Targets.VerifySoftwareToken = (services) => {
  const verify = verifySoftwareToken(services);
  return async (ctx, req) => {
    const owner = await tokenOwner(services, ctx, req.AccessToken);
    let result;
    try {
      result = await verify(ctx, req);
    } catch (error) {
      if (error?.code === 'CodeMismatchException')
        throw new CognitoError('EnableSoftwareTokenMFAException', 'Code mismatch');
      throw error;
    }
    if (owner) {
      const verified = await owner.pool.getUserByUsername(ctx, owner.user.Username);
      await owner.pool.saveUser(ctx, { ...verified, UserMFASettingList: owner.user.UserMFASettingList });
    }
    return result;
  };
};

/** The pool and user (as they are now) of an access token, or null. */
async function tokenOwner(services, ctx, accessToken) {
  const token = decodeJwt(accessToken);
  if (!token?.client_id || !token.sub) return null;
  const pool = await services.cognito.getUserPoolForClientId(ctx, token.client_id);
  const user = await pool.getUserByUsername(ctx, token.sub);
  return user ? { pool, user } : null;
}

// A wrong code at sign-in: Cognito's message for it.
const respondToAuthChallenge = Targets.RespondToAuthChallenge;
Targets.RespondToAuthChallenge = (services) => {
  const respond = respondToAuthChallenge(services);
  return async (ctx, req) => {
    try {
      return await respond(ctx, req);
    } catch (error) {
      if (error?.code === 'CodeMismatchException' && req.ChallengeName === 'SOFTWARE_TOKEN_MFA')
        throw new CognitoError('CodeMismatchException', 'Invalid code received for user');
      throw error;
    }
  };
};

// AdminSetUserMFAPreference, which cognito-local lacks: an operator turns a user's factors on or
// off (a lost phone: `npm run admin -- reset-mfa`). Turning the authenticator app on needs a
// verified one, as for the user's own SetUserMFAPreference.
Targets.AdminSetUserMFAPreference =
  ({ cognito }) =>
  async (ctx, req) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    const software = req.SoftwareTokenMfaSettings;
    if (software?.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
      throw new InvalidParameterError('User has not verified software token mfa');
    const methods = new Set(user.UserMFASettingList ?? []);
    if (software?.Enabled === true) methods.add('SOFTWARE_TOKEN_MFA');
    if (software?.Enabled === false) methods.delete('SOFTWARE_TOKEN_MFA');
    const preferred = software?.PreferredMfa
      ? 'SOFTWARE_TOKEN_MFA'
      : methods.has(user.PreferredMfaSetting)
        ? user.PreferredMfaSetting
        : undefined;
    await pool.saveUser(ctx, { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred });
    return {};
  };

// Run as the emulator's process; required by a test, it only bridges (cognito-bridge.test.ts).
if (require.main === module) require('cognito-local/lib/bin/start.js');
