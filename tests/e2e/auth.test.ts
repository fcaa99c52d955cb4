import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import {
  api,
  cognitoCall,
  confirmFromMailbox,
  login,
  newCustomer,
  runtimeConfig,
  signUp,
  uniqueEmail,
  verificationLink,
  waitForMail,
  waitForMails,
} from '../support/auth';
import { browserSession, logIn as logInAs, toast as toastOf, trackErrors } from '../support/browser';
import { setLanguage, text as textOf } from '../support/language';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const toast = (text: string) => toastOf(page, text);
const logIn = (email: string, password: string) => logInAs(page, email, password);

async function fillSignup(email: string, password: string, confirm: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('customer sign-up journey', () => {
  it('signs up, verifies through the mailbox link, logs in and lands on onboarding', async () => {
    const errors = await trackErrors(page);
    const email = uniqueEmail('e2e');
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started', exact: true }).click();
    await page.waitForURL('**/signup');

    // The sign-up form's validation messages (docs/product.md#sign-up), shown before anything is sent.
    await fillSignup('not-an-email', '123', '1234');
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();

    await fillSignup(email, 'secret-pass', 'secret-pass');
    await toast('Account created! Please check your email.').waitFor();
    await page.waitForURL(`**/verify-email?email=${encodeURIComponent(email)}`);
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();

    // The link is followed from the local mailbox page, as a developer would.
    await waitForMail(url, email);
    await page.goto('/_local/mail');
    const mail = page.locator('article', { hasText: `To ${email}` });
    await mail.getByRole('heading', { name: 'Verify your email address' }).waitFor();
    await mail.frameLocator('iframe').getByRole('link', { name: 'Verify my email' }).click();
    // ('Verifying your email...' shows only while the confirmation is in flight: too brief to assert.)
    await toast('Email verified successfully!').waitFor();
    await page.waitForURL('**/login');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    await toast('Logged in successfully!').waitFor();
    await page.waitForURL('**/onboarding/details');

    // The session survives a reload, and /login sends a signed-in user on at once.
    await page.reload();
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.goto('/login');
    await page.waitForURL('**/onboarding/details');
    await page.goto('/signup');
    await page.waitForURL('**/onboarding/details');
    expect(errors).toEqual([]);
  });

  it('verifies with the code typed in when there is no link', async () => {
    const email = uniqueEmail('code');
    await page.goto('/signup');
    await fillSignup(email, 'secret-pass', 'secret-pass');
    await page.waitForURL('**/verify-email?**');
    const code = verificationLink(await waitForMail(url, email)).searchParams.get('code') ?? '';
    await page.getByLabel('Verification code').fill('12');
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Enter the 6-digit code from the email').waitFor();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await toast('Email verified successfully!').waitFor();
    await page.waitForURL('**/login');
  });

  it('shows "Verifying your email..." while the link is being confirmed', async () => {
    const email = uniqueEmail('link');
    await page.goto('/signup');
    await fillSignup(email, 'secret-pass', 'secret-pass');
    await page.waitForURL('**/verify-email?**');
    const link = verificationLink(await waitForMail(url, email));
    // Hold the confirmation until the page has shown its waiting state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_local/cognito', async (route) => {
      if (route.request().headers()['x-amz-target']?.endsWith('ConfirmSignUp')) await held;
      await route.continue();
    });
    await page.goto(link.href);
    await page.getByText('Verifying your email...').first().waitFor();
    release();
    await toast('Email verified successfully!').waitFor();
    await page.waitForURL('**/login');
  });

  it("shows Cognito's failure for a wrong password, in the interface language", async () => {
    await logIn(TEST_ADMIN.email, 'wrong-password');
    await toast('Incorrect email or password.').waitFor();
    expect(page.url()).toContain('/login');
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByLabel('Passwort').fill('still-wrong');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await toast('E-Mail-Adresse oder Passwort ist falsch.').waitFor();
  });
});

describe('sign-up: privacy and password rules', () => {
  it('says, in these words, that creating an account agrees to the Privacy Policy', async () => {
    await page.goto('/signup');
    const notice = page.getByText('By creating an account you agree to our');
    expect(await notice.textContent()).toBe('By creating an account you agree to our Privacy Policy.');
  });

  it.each(['en', 'de'] as const)(
    '(%s) links the privacy page, shows the password rules before typing and refuses a common password',
    async (language) => {
      if (language === 'de') await setLanguage(session.context as BrowserContext, url, 'de');
      await page.goto('/signup');
      const label = (key: string) => page.getByLabel(textOf(language, key), { exact: true });
      // The rules the form enforces, before anything is typed, as the password field's description.
      const rules = textOf(language, 'common.passwordRules', { min: '6' });
      const described = await label('common.password').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe(rules);

      const email = uniqueEmail('common');
      await label('common.email').fill(email);
      await label('common.password').fill('Password1');
      await label('signup.confirmPassword').fill('Password1');
      await page.getByRole('button', { name: textOf(language, 'signup.submit') }).click();
      await page.getByText(textOf(language, 'validation.passwordCommon')).waitFor();
      expect(new URL(page.url()).pathname).toBe('/signup');

      await label('common.password').fill('plum-orchard-42');
      await label('signup.confirmPassword').fill('plum-orchard-42');
      await page.getByRole('button', { name: textOf(language, 'signup.submit') }).click();
      await toast(textOf(language, 'signup.success')).waitFor();
      await page.waitForURL('**/verify-email?**');

      await page.goto('/signup');
      const policy = textOf(language, 'signup.privacyNotice').replace(/<\/?privacy>/g, '');
      expect(await page.getByText(policy).count()).toBe(1);
      const linkText = /<privacy>(.+)<\/privacy>/.exec(textOf(language, 'signup.privacyNotice'))?.[1] ?? '';
      const link = page.getByRole('link', { name: linkText, exact: true });
      await link.click();
      await page.waitForURL('**/privacy');
    },
  );
});

describe('verification: resend, used links, unconfirmed logins', () => {
  const texts = {
    en: {
      resend: 'Resend verification email',
      resent: 'Verification email sent!',
      wait: /^Resend possible in \d+ s$/,
      required: 'Required',
      email: 'Email',
      code: 'Verification code',
      verify: 'Verify email',
      wrongCode: 'Invalid verification code provided, please try again.',
      verified: 'Email verified successfully!',
      subject: 'Verify your email address',
    },
    de: {
      resend: 'Bestätigungs-E-Mail erneut senden',
      resent: 'Bestätigungs-E-Mail gesendet!',
      wait: /^Erneut senden in \d+ s möglich$/,
      required: 'Pflichtfeld',
      email: 'E-Mail',
      code: 'Bestätigungscode',
      verify: 'E-Mail bestätigen',
      wrongCode: 'Der Bestätigungscode ist ungültig. Bitte versuchen Sie es erneut.',
      verified: 'E-Mail-Adresse erfolgreich bestätigt!',
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    },
  } as const;

  it.each(['en', 'de'] as const)(
    '(%s) resends the mail with a fresh code (the old one no longer works), then waits 60 seconds',
    async (language) => {
      const text = texts[language];
      const email = uniqueEmail('resend');
      await signUp(url, email, 'secret-pass', language);
      const [first] = await waitForMails(url, email, text.subject, 1);
      const oldCode = first ? (verificationLink(first).searchParams.get('code') ?? '') : '';

      await page.goto('/verify-email');
      if (language === 'de') await page.getByRole('button', { name: 'Deutsch' }).click();
      // Without an address the page asks for one before sending anything.
      await page.getByRole('button', { name: text.resend }).click();
      await page.getByText(text.required).waitFor();
      await page.getByLabel(text.email).fill(email);
      await page.getByRole('button', { name: text.resend }).click();
      await toast(text.resent).waitFor();
      const countdown = page.getByRole('button', { name: text.wait });
      await countdown.waitFor();
      expect(await countdown.isDisabled()).toBe(true);

      const mails = await waitForMails(url, email, text.subject, 2);
      const second = mails[1];
      const newCode = second ? (verificationLink(second).searchParams.get('code') ?? '') : '';
      await page.getByLabel(text.code).fill(oldCode === newCode ? '000000' : oldCode);
      await page.getByRole('button', { name: text.verify }).click();
      await toast(text.wrongCode).waitFor();
      await page.getByLabel(text.code).fill(newCode);
      await page.getByRole('button', { name: text.verify }).click();
      await toast(text.verified).waitFor();
      await page.waitForURL('**/login');
    },
  );

  it.each(['en', 'de'] as const)(
    '(%s) a verification link opened in the browser lands on /login saying so, the address filled in',
    async (language) => {
      const email = uniqueEmail('landing');
      await signUp(url, email, 'secret-pass', language);
      const link = verificationLink(await waitForMail(url, email));
      if (language === 'de') await setLanguage(session.context as BrowserContext, url, 'de');
      await page.goto(link.href);
      await page.waitForURL('**/login**');
      await page.getByRole('heading', { level: 1, name: textOf(language, 'login.title') }).waitFor();
      // On the page itself, not only in a toast that goes away.
      await page.getByRole('main').getByText(textOf(language, 'verify.success')).waitFor();
      expect(await page.getByLabel(textOf(language, 'common.email'), { exact: true }).inputValue()).toBe(
        email,
      );
      // The password is all that is left to type.
      await page.getByLabel(textOf(language, 'common.password'), { exact: true }).fill('secret-pass');
      await page.getByRole('button', { name: textOf(language, 'login.submit') }).click();
      await page.waitForURL('**/onboarding/details');
    },
  );

  const usedLinkTexts = {
    en: {
      verified: 'Your email is already verified. Please log in.',
      mismatch: 'Invalid verification code provided, please try again.',
      loginError: 'Incorrect email or password.',
    },
    de: {
      verified: 'Ihre E-Mail-Adresse ist bereits bestätigt. Bitte melden Sie sich an.',
      mismatch: 'Der Bestätigungscode ist ungültig. Bitte versuchen Sie es erneut.',
      loginError: 'E-Mail-Adresse oder Passwort ist falsch.',
    },
  } as const;

  it.each(['en', 'de'] as const)(
    '(%s) sends an opened-before link to /login with "already verified", and a stranger gets no login error',
    async (language) => {
      const text = usedLinkTexts[language];
      const email = uniqueEmail('used');
      await signUp(url, email, 'secret-pass');
      const link = verificationLink(await waitForMail(url, email));
      await confirmFromMailbox(url, email);
      await page.goto('/login');
      if (language === 'de') {
        // /login is prerendered: a press before the app is live is held until it is, so going
        // on at once would leave before the choice was applied (and stored).
        await page.getByRole('button', { name: 'Deutsch' }).first().click();
        await page.getByRole('button', { name: 'Anmelden' }).waitFor();
      }
      await page.goto(link.href);
      await toast(text.verified).waitFor();
      await page.waitForURL('**/login');

      await page.goto(`/verify-email?email=${encodeURIComponent(uniqueEmail('stranger'))}&code=123456`);
      await toast(text.mismatch).waitFor();
      expect(await page.getByText(text.loginError).count()).toBe(0);
    },
  );

  it('takes an unconfirmed login to /verify-email with a fresh code and the countdown running', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(url, email, 'secret-pass');
    await waitForMails(url, email, 'Verify your email address', 1);
    await logIn(email, 'secret-pass');
    await toast('Verification email sent!').waitFor();
    await page.waitForURL(`**/verify-email?email=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: /^Resend possible in \d+ s$/ }).waitFor();
    await waitForMails(url, email, 'Verify your email address', 2);
  });
});

describe('My Account: password and sessions', () => {
  const passwordTexts = {
    en: {
      section: 'Password and sessions',
      current: 'Current password',
      next: 'New password',
      confirm: 'Confirm new password',
      submit: 'Change password',
      wrong: 'Your current password is incorrect',
      done: 'Password changed successfully!',
      mail: 'Your password was changed',
    },
    de: {
      section: 'Passwort und Sitzungen',
      current: 'Aktuelles Passwort',
      next: 'Neues Passwort',
      confirm: 'Neues Passwort bestätigen',
      submit: 'Passwort ändern',
      wrong: 'Ihr aktuelles Passwort ist falsch',
      done: 'Passwort erfolgreich geändert!',
      mail: 'Ihr Passwort wurde geändert',
    },
  } as const;

  it.each(['en', 'de'] as const)(
    '(%s) changes the password (the current one is checked), mails the owner, and the new one signs in',
    async (language) => {
      const text = passwordTexts[language];
      const customer = await newCustomer(url);
      await logIn(customer.email, customer.password);
      await page.waitForURL('**/onboarding/details');
      await page.goto('/account');
      if (language === 'de') await page.getByRole('button', { name: 'Deutsch' }).first().click();
      await page.getByRole('heading', { name: text.section }).waitFor();
      const change = async (current: string, next: string) => {
        await page.getByLabel(text.current).fill(current);
        await page.getByLabel(text.next, { exact: true }).fill(next);
        await page.getByLabel(text.confirm).fill(next);
        await page.getByRole('button', { name: text.submit }).click();
      };
      // One of the most common passwords is refused by the form, with the rules shown beside it.
      await page.getByText(textOf(language, 'common.passwordRules', { min: '6' })).waitFor();
      await change(customer.password, 'Password1');
      await page.getByText(textOf(language, 'validation.passwordCommon')).waitFor();
      await change('not-my-password', 'another-pass');
      await toast(text.wrong).waitFor();
      await change(customer.password, 'another-pass');
      await toast(text.done).waitFor();
      // The language chosen on the page is the profile's now: the mail speaks it.
      await waitForMail(url, customer.email, text.mail);
      await expect(login(url, customer.email, customer.password)).rejects.toThrow();
      await expect(login(url, customer.email, 'another-pass')).resolves.toMatchObject({
        idToken: expect.any(String),
      });
    },
  );

  it.each([
    ['en', 'Sign out of all devices', 'Signed out of all devices.'],
    ['de', 'Auf allen Geräten abmelden', 'Auf allen Geräten abgemeldet.'],
  ] as const)(
    '(%s) signs out of all devices: this browser goes to /, another session cannot refresh any more',
    async (language, button, done) => {
      const customer = await newCustomer(url);
      const elsewhere = await login(url, customer.email, customer.password);
      const { auth } = await runtimeConfig(url);
      const refresh = () =>
        cognitoCall(url, 'InitiateAuth', {
          ClientId: auth.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: elsewhere.refreshToken },
        });
      expect((await refresh()).status).toBe(200);

      await logIn(customer.email, customer.password);
      await page.waitForURL('**/onboarding/details');
      await page.goto('/account');
      if (language === 'de') await page.getByRole('button', { name: 'Deutsch' }).first().click();
      await page.getByRole('button', { name: button }).click();
      await toast(done).waitFor();
      await page.waitForURL((u) => u.pathname === '/');
      expect((await refresh()).status).toBe(400);
      await page.goto('/account');
      await page.waitForURL('**/login');
    },
  );
});

describe('password reset', () => {
  const texts = {
    en: {
      forgot: 'Forgot password?',
      forgotTitle: 'Forgot your password?',
      resetTitle: 'Reset your password',
      send: 'Send reset code',
      sent: 'If an account exists for this address, we have sent you a reset code.',
      subject: 'Reset your password',
      mailLink: 'Choose a new password',
      password: 'New password',
      confirm: 'Confirm new password',
      submit: 'Reset password',
      done: 'Password reset successfully! Please log in.',
      wrongCode: 'Invalid verification code provided, please try again.',
      newCode: 'Send a new code',
      email: 'Email',
      passwordLabel: 'Password',
      login: 'Log in',
      loggedIn: 'Logged in successfully!',
    },
    de: {
      forgot: 'Passwort vergessen?',
      forgotTitle: 'Passwort vergessen?',
      resetTitle: 'Passwort zurücksetzen',
      send: 'Code zum Zurücksetzen senden',
      sent: 'Falls zu dieser Adresse ein Konto besteht, haben wir Ihnen einen Code zum Zurücksetzen gesendet.',
      subject: 'Passwort zurücksetzen',
      mailLink: 'Neues Passwort wählen',
      password: 'Neues Passwort',
      confirm: 'Neues Passwort bestätigen',
      submit: 'Passwort zurücksetzen',
      done: 'Passwort erfolgreich zurückgesetzt! Bitte melden Sie sich an.',
      wrongCode: 'Der Bestätigungscode ist ungültig. Bitte versuchen Sie es erneut.',
      newCode: 'Neuen Code senden',
      email: 'E-Mail',
      passwordLabel: 'Passwort',
      login: 'Anmelden',
      loggedIn: 'Erfolgreich angemeldet!',
    },
  } as const;

  it.each(['en', 'de'] as const)(
    '(%s) forgot password → mailbox link → new password → login; unknown addresses get the same answer',
    async (language) => {
      const text = texts[language];
      const customer = await newCustomer(url);
      // The reset mail speaks the account's language (the one its owner last chose).
      await api(url, '/api/me/language', { token: customer.idToken, method: 'PUT', body: { language } });
      await page.goto('/login');
      if (language === 'de') await page.getByRole('button', { name: 'Deutsch' }).click();
      await page.getByRole('link', { name: text.forgot }).click();
      await page.waitForURL('**/forgot-password');
      // The URL changes before the lazily loaded page replaces the login form.
      await page.getByRole('heading', { name: text.forgotTitle }).waitFor();

      // No account enumeration: an unknown address reads exactly like a known one.
      await page.getByLabel(text.email).fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: text.send }).click();
      await page.getByRole('status').getByText(text.sent).waitFor();

      await page.getByLabel(text.email).fill(customer.email);
      await page.getByRole('button', { name: text.send }).click();
      await page.getByRole('status').getByText(text.sent).waitFor();
      const mail = await waitForMail(url, customer.email, text.subject);
      expect(mail.text).toContain('/reset-password?email=');

      // A wrong code is refused with a translated message and a way to ask for a new one.
      await page.goto(`/reset-password?email=${encodeURIComponent(customer.email)}&code=000000`);
      await page.getByRole('heading', { name: text.resetTitle }).waitFor();
      await page.getByLabel(text.password, { exact: true }).fill('qwerty123');
      await page.getByLabel(text.confirm).fill('qwerty123');
      await page.getByRole('button', { name: text.submit }).click();
      await page.getByText(textOf(language, 'validation.passwordCommon')).waitFor();
      await page.getByLabel(text.password, { exact: true }).fill('brand-new-pass');
      await page.getByLabel(text.confirm).fill('brand-new-pass');
      await page.getByRole('button', { name: text.submit }).click();
      await toast(text.wrongCode).waitFor();
      await page.getByRole('link', { name: text.newCode }).waitFor();

      // The link in the mail, followed from the local mailbox, carries the address and the code.
      await page.goto('/_local/mail');
      const entry = page
        .locator('article', { hasText: `To ${customer.email}` })
        .filter({ hasText: text.subject });
      await entry.frameLocator('iframe').getByRole('link', { name: text.mailLink }).click();
      await page.waitForURL('**/reset-password?**');
      await page.getByRole('heading', { name: text.resetTitle }).waitFor();
      await page.getByLabel(text.password, { exact: true }).fill('brand-new-pass');
      await page.getByLabel(text.confirm).fill('brand-new-pass');
      await page.getByRole('button', { name: text.submit }).click();
      await toast(text.done).waitFor();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: text.login }).waitFor();

      await page.getByLabel(text.email).fill(customer.email);
      await page.getByLabel(text.passwordLabel).fill('brand-new-pass');
      await page.getByRole('button', { name: text.login }).click();
      await toast(text.loggedIn).waitFor();
    },
  );
});

describe('language', () => {
  it('switches sign-up to German, validation included, and keeps the choice across reloads', async () => {
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByText('Pflichtfeld').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
  });
});

describe('admin and protected routes', () => {
  it('logs the admin in to /admin with the admin welcome', async () => {
    await logIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await toast('Welcome back, Admin!').waitFor();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${url}/`);
  });

  it('refuses /admin to a customer with "Access denied" and sends them home', async () => {
    const customer = await newCustomer(url);
    await logIn(customer.email, customer.password);
    await page.waitForURL('**/onboarding/details');
    await page.goto('/admin');
    await toast('Access denied').waitFor();
    await page.waitForURL(`${url}/`);
  });

  it('refreshes expired tokens through the refresh bridge and stays signed in', async () => {
    const customer = await newCustomer(url);
    await logIn(customer.email, customer.password);
    await page.waitForURL('**/onboarding/details');

    // Make the stored tokens look expired (Amplify reads exp from the payload).
    const before = await page.evaluate(() => {
      const expire = (jwt: string) => {
        const [h, p, s] = jwt.split('.');
        const payload = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/')));
        payload.exp = Math.floor(Date.now() / 1000) - 60;
        return `${h}.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.${s}`;
      };
      const keys = Object.keys(localStorage).filter((k) => /\.(idToken|accessToken)$/.test(k));
      for (const key of keys) localStorage.setItem(key, expire(localStorage.getItem(key) ?? ''));
      return keys.map((k) => localStorage.getItem(k));
    });
    expect(before).toHaveLength(2);

    const refreshed = page.waitForRequest(
      (request) =>
        request.url().endsWith('/_local/cognito') &&
        request.headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
    );
    await page.reload();
    await refreshed;
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    const idToken = await page.evaluate(
      () => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('.idToken')) ?? '') ?? '',
    );
    expect(before).not.toContain(idToken);
    expect((await api(url, '/api/me', { token: idToken })).status).toBe(200);
  });

  it('sends visitors without a session to /login', async () => {
    for (const path of ['/dashboard', '/messages', '/admin', '/onboarding/details', '/account']) {
      // A route of the SPA: answered 200, the app redirects.
      expect((await page.goto(path))?.status(), path).toBe(200);
      await page.waitForURL('**/login');
    }
  });

  it('shows the 404 page for an unknown route, answered with status 404', async () => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oops! Page not found').waitFor();
    expect(logged.some((line) => line.includes('/no-such-page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${url}/`);
  });
});
