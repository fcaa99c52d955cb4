import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { gzippedKb, LANDING_JS_BUDGET_KB } from '../../scripts/web-size.mjs';
import { browserSession, openPage, watchRootReplaced } from '../support/browser';

const url = inject('stackUrl');
const session = browserSession(url, { cookieConsent: false });
let page: Page;
beforeEach(() => {
  page = session.page;
});

const banner = () => page.getByRole('region', { name: 'Cookie notice' });
const consent = () => page.evaluate(() => localStorage.getItem('relocate-germany.cookie-consent'));

describe('cookie banner', () => {
  it('appears 500 ms after load, not before', async () => {
    // Record, in the page's own time, when the document loaded and when the banner appeared.
    await page.addInitScript(() => {
      const marks = { loaded: 0, banner: 0 };
      Object.assign(window, { __marks: marks });
      window.addEventListener('load', () => {
        marks.loaded = performance.now();
      });
      new MutationObserver(() => {
        if (!marks.banner && document.querySelector('[aria-label="Cookie notice"]'))
          marks.banner = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await openPage(page, '/');
    await banner().waitFor();
    const marks = await page.evaluate(
      () => (window as unknown as { __marks: { loaded: number; banner: number } }).__marks,
    );
    expect(marks.banner - marks.loaded).toBeGreaterThanOrEqual(500);
    expect(marks.banner - marks.loaded).toBeLessThan(5000);
  });

  it('stores consent on "Accept Essential Cookies" and stays away after reload', async () => {
    await openPage(page, '/');
    await banner().getByRole('button', { name: 'Accept Essential Cookies' }).click();
    await banner().waitFor({ state: 'detached' });
    const stored = JSON.parse((await consent()) ?? '{}');
    expect(stored.essential).toBe(true);
    expect(Number.isNaN(Date.parse(stored.timestamp))).toBe(false);
    await page.clock.install();
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.clock.runFor(2000);
    expect(await banner().count()).toBe(0);
  });

  it('"Learn More" stores consent and opens the privacy policy', async () => {
    await page.goto('/login');
    await banner().getByRole('button', { name: 'Learn More' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    expect(JSON.parse((await consent()) ?? '{}').essential).toBe(true);
  });

  it('the close button hides it without storing anything', async () => {
    await openPage(page, '/');
    await banner().getByRole('button', { name: 'Close cookie notice' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(await consent()).toBeNull();
    await page.reload();
    await banner().waitFor();
  });
});

describe('landing page', () => {
  it('scrolls to each section from the top bar', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' }).first();
    for (const [label, id] of [
      ['Relocation support', 'free-offer'],
      ['For professionals', 'for-professionals'],
      ['For companies', 'for-companies'],
      ['About us', 'about-us'],
    ] as const) {
      await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await page.waitForFunction((sectionId) => {
        const top = document.getElementById(sectionId)?.getBoundingClientRect().top ?? 999;
        return Math.abs(top - 80) < 40;
      }, id);
    }
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await nav.getByText('Free').waitFor();
  });

  it('opens the mobile menu, navigates from it, and closes it with Escape', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await menu.getByRole('link', { name: 'For companies' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForFunction(
      () =>
        Math.abs((document.getElementById('for-companies')?.getBoundingClientRect().top ?? 999) - 80) < 40,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Get started' }).click();
    await page.waitForURL('**/signup');
  });

  it('loops the testimonials carousel both ways', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, '/');
    const carousel = page.getByRole('group', { name: 'What relocated professionals say' });
    const first = () => carousel.locator('[aria-roledescription="slide"]').first().getAttribute('aria-label');
    expect(await first()).toBe('Testimonial 1 of 4');
    expect(await carousel.locator('[aria-roledescription="slide"]:visible').count()).toBe(2);
    for (const expected of ['2', '3', '4', '1']) {
      await carousel.getByRole('button', { name: 'Next testimonials' }).click();
      expect(await first()).toBe(`Testimonial ${expected} of 4`);
    }
    await carousel.getByRole('button', { name: 'Previous testimonials' }).click();
    expect(await first()).toBe('Testimonial 4 of 4');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await carousel.getByRole('button', { name: 'Next testimonials' }).isVisible()).toBe(false);
    expect(await carousel.locator('[aria-roledescription="slide"]:visible').count()).toBe(1);
  });

  it('swipes the carousel on a touch screen, both ways, looping', async () => {
    const phone = await session.browser.newContext({
      baseURL: url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const touch = await phone.newPage();
      await openPage(touch, '/');
      const carousel = touch.getByRole('group', { name: 'What relocated professionals say' });
      await carousel.scrollIntoViewIfNeeded();
      const first = () =>
        carousel.locator('[aria-roledescription="slide"]').first().getAttribute('aria-label');
      const box = await carousel.boundingBox();
      if (!box) throw new Error('carousel not laid out');
      const cdp = await phone.newCDPSession(touch);
      const y = box.y + box.height / 2;
      const swipe = async (from: number, to: number) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
        for (let step = 1; step <= 8; step++) {
          const x = from + ((to - from) * step) / 8;
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      expect(await first()).toBe('Testimonial 1 of 4');
      await swipe(box.x + box.width - 40, box.x + 40);
      await touch.waitForFunction(
        () =>
          document.querySelector('[aria-roledescription="slide"]')?.getAttribute('aria-label') !==
          'Testimonial 1 of 4',
      );
      expect(await first()).toBe('Testimonial 2 of 4');
      await swipe(box.x + 40, box.x + box.width - 40);
      await swipe(box.x + 40, box.x + box.width - 40);
      await touch.waitForFunction(
        () =>
          document.querySelector('[aria-roledescription="slide"]')?.getAttribute('aria-label') ===
          'Testimonial 4 of 4',
      );
    } finally {
      await phone.close();
    }
  });

  it('names each language button by what it shows, so "click DE" works for voice control', async () => {
    await openPage(page, '/');
    const names = await page
      .getByRole('group', { name: 'Language' })
      .first()
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => [b.textContent?.trim(), b.getAttribute('aria-label')]));
    expect(names).toEqual([
      ['EN', 'EN (English)'],
      ['DE', 'DE (Deutsch)'],
    ]);
  });

  it('switches to German everywhere and keeps it across reloads', async () => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Deutsch' }).first().click();
    await page
      .getByRole('heading', { name: 'Ihr Umzug nach Deutschland, vom ersten Tag an organisiert.' })
      .waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // German quotation marks in the testimonials.
    expect((await page.locator('blockquote').first().textContent())?.trim()).toMatch(/^„.+“$/);
    await page.reload();
    await page
      .getByRole('heading', { name: 'Ihr Umzug nach Deutschland, vom ersten Tag an organisiert.' })
      .waitFor();
    await page.getByRole('link', { name: 'Loslegen' }).first().click();
    await page.getByRole('heading', { name: 'Konto erstellen' }).waitFor();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
    await page.evaluate(() => localStorage.setItem('relocate-germany.language', 'fr'));
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });
});

describe('code splitting', () => {
  it('the landing page loads no auth, session, dashboard or admin code', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Next testimonials' }).click();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => path.startsWith('/assets/index-'))).toBe(true);
    expect(
      scripts.filter((path) => /session|Login|Signup|Verify|Dashboard|Admin|UserPage|Onboarding/.test(path)),
    ).toEqual([]);
    // Nor the libraries those bring: Amplify (talks to cognito-idp) and the toasts (sonner).
    const code = scripts.map((path) => readFileSync(join('web/dist', path), 'utf8')).join('\n');
    expect(code).not.toContain('cognito-idp');
    expect(code).not.toContain('data-sonner-toast');
    // Everything `/` asked for, gzipped, within the budget (the files the stack serves).
    expect(gzippedKb('web/dist', scripts)).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB);
    // The first route that needs them brings them.
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(scripts.some((path) => /\/assets\/session-/.test(path))).toBe(true);
  });
});

describe('a page that fails to download', () => {
  it('offers a reload instead of a blank page, and the reload works', async () => {
    await openPage(page, '/');
    await page.route('**/assets/LoginPage-*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    // The cookie banner and the rest of the app are still there.
    await page.getByRole('region', { name: 'Cookie notice' }).waitFor();
    await page.unroute('**/assets/LoginPage-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });
});

describe('the landing page in the chosen language, before any script runs', () => {
  const germanHero = 'Ihr Umzug nach Deutschland, vom ersten Tag an organisiert.';

  it('serves German visitors the German prerender, and the app hydrates it in place', async () => {
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Deutsch' }).first().click();
    await page.getByRole('heading', { name: germanHero }).waitFor();

    // What the server sends for `/`, read with JavaScript switched off: German for this visitor…
    const cookies = await session.context?.cookies();
    const noScript = await session.browser.newContext({ baseURL: url, javaScriptEnabled: false });
    try {
      await noScript.addCookies(cookies ?? []);
      const plain = await noScript.newPage();
      await plain.goto('/');
      await plain.getByRole('heading', { name: germanHero }).waitFor();
      expect(await plain.getAttribute('html', 'lang')).toBe('de');
      expect(await plain.getAttribute('meta[name="description"]', 'content')).toContain('Fachkräfte');
      // …English for a first visit.
      await noScript.clearCookies();
      await plain.goto('/');
      await plain.getByRole('heading', { name: 'Your move to Germany, handled from day one.' }).waitFor();
      expect(await plain.getAttribute('html', 'lang')).toBe('en');
    } finally {
      await noScript.close();
    }

    // With scripts, the German page is hydrated, never torn down and drawn again.
    const rootReplaced = await watchRootReplaced(page);
    await page.reload();
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: germanHero }).waitFor();
    expect(await rootReplaced()).toBe(false);
  });
});

describe('legal pages', () => {
  it('switch language in their own header', async () => {
    await openPage(page, '/privacy');
    await page.getByRole('banner').getByRole('button', { name: 'Deutsch' }).click();
    await page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
  });

  it('link to each other and back home', async () => {
    await page.goto('/imprint');
    await page.getByRole('heading', { name: 'Imprint' }).waitFor();
    await page.getByText('Hamburg', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await page.getByText('Log files are deleted within seven days.').waitFor();
    await page.getByRole('link', { name: 'Imprint' }).click();
    await page.waitForURL('**/imprint');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${url}/`);
  });
});
