// My Account's "Download my data": one click, a toast, and the browser saves a ZIP holding
// data.json (with the customer's own details) and their documents; in English and German.
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { dateFromToday } from '../support/auth';
import { browserSession, signIn, toast, trackErrors } from '../support/browser';
import { customerWith } from '../support/customers';
import { upload } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';

const url = inject('stackUrl');
const session = browserSession(url);
let page: Page;
beforeEach(() => {
  page = session.page;
});

const texts = {
  en: {
    title: 'Your data',
    button: 'Download my data',
    ready: 'Your data export is ready.',
    link: 'Download the ZIP file',
  },
  de: {
    title: 'Ihre Daten',
    button: 'Meine Daten herunterladen',
    ready: 'Ihr Datenexport ist bereit.',
    link: 'ZIP-Datei herunterladen',
  },
} as const;

describe('My Account: download my data', () => {
  it.each(['en', 'de'] as const)('(%s) saves a ZIP with data.json and every document', async (language) => {
    const text = texts[language];
    const errors = await trackErrors(page);
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    const passport = Buffer.concat([tinyPdf(), Buffer.from(`% passport of ${c.userId}\n`)]);
    const contract = tinyPng();
    expect((await upload(url, c.idToken, 'passport', 'passport.pdf', passport)).confirm?.status).toBe(200);
    expect(
      (await upload(url, c.idToken, 'employment_contract', 'contract.png', contract)).confirm?.status,
    ).toBe(200);

    await signIn(page, { ...c, home: '/account' });
    if (language === 'de') await page.getByRole('button', { name: 'Deutsch' }).click();
    const panel = page.getByRole('region', { name: text.title });
    await panel.waitFor();

    const downloaded = page.waitForEvent('download');
    await panel.getByRole('button', { name: text.button }).click();
    await toast(page, text.ready).waitFor();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^relocate-germany-data-\d{4}-\d{2}-\d{2}\.zip$/);
    // The link stays in case the browser blocked the download.
    expect(await panel.getByRole('link', { name: text.link }).getAttribute('href')).toMatch(/^http/);
    expect(await panel.getByRole('button', { name: text.button }).isEnabled()).toBe(true);

    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as {
      profile: { id: string; email: string };
      documents: { document_type: string }[];
    };
    expect(data.profile).toMatchObject({ id: c.userId, email: c.email });
    expect(data.documents.map((d) => d.document_type).sort()).toEqual(['employment_contract', 'passport']);
    expect(Buffer.from(files['documents/passport/passport.pdf'] ?? [])).toEqual(passport);
    expect(Buffer.from(files['documents/employment_contract/contract.png'] ?? [])).toEqual(contract);
    expect(errors).toEqual([]);
  });
});
