import { readFile } from 'node:fs/promises';
import { unzipSync, strFromU8 } from 'fflate';
import type { Browser } from 'playwright-core';
import { formatRetentionPeriod } from '@juntos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, openAs, publishPost } from '../support/members';

describe('a copy of my data (GDPR Art. 20)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member prepares a copy from the profile, is told it is ready, and downloads the ZIP', async () => {
    const member = await createMember('my-data', { nombre: 'Nadia' });
    await publishPost(member, { text: 'A post of mine to take with me' });
    const { context, page } = await openAs(browser, member, '/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.waitFor();
    await expectNoAxeViolations(page, '/profile, your data');
    await tabTo(page, section.getByRole('button', { name: 'Prepare a copy of my data' }));
    await page.keyboard.press('Enter');
    await section.getByRole('status').filter({ hasText: 'is ready' }).waitFor();

    const downloading = page.waitForEvent('download');
    await tabTo(page, section.getByRole('button', { name: 'Download my data (ZIP)' }));
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^juntos-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path()) ?? '')));
    // The layout of docs/data-export.md: a summary to read beside one JSON file per kind of record.
    expect(strFromU8(files['data/posts.json'] ?? new Uint8Array())).toContain(
      'A post of mine to take with me',
    );
    expect(strFromU8(files['summary.html'] ?? new Uint8Array())).toContain('<html lang="en"');

    await page.goto('/dashboard');
    const notices = page.getByRole('region', { name: 'Messages for you' });
    await notices.getByText('The copy of your data is ready.').waitFor();
    await notices.getByRole('link', { name: 'Download it from your profile.' }).click();
    await page.getByRole('region', { name: 'Your data' }).waitFor();
    await context.close();
  });

  it('says what the copy holds and how long it is kept, and what deletion keeps for how long, from RETENTION_DAYS', async () => {
    const member = await createMember('my-data-periods', { nombre: 'Olga' });
    const { context, page } = await openAs(browser, member, '/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.getByRole('list', { name: 'What is in the copy' }).waitFor();
    await section
      .getByText(`We keep your copy for ${formatRetentionPeriod('exportArchive', 'en')}. Then we delete it.`)
      .waitFor();
    const kept = section.getByRole('list', { name: 'If you delete your account' });
    const keptText = await kept.textContent();
    for (const kind of ['consentProof', 'withdrawalRecord', 'auditEntry'] as const) {
      expect(keptText).toContain(formatRetentionPeriod(kind, 'en'));
    }
    await expectNoAxeViolations(page, '/profile, your data with the periods');

    // The link leads to the policy's section on deletion, which gets the focus once it has loaded.
    await tabTo(page, section.getByRole('link', { name: 'Read more in the privacy policy' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/politica/privacy#deletion');
    await page.getByRole('region', { name: 'When you delete your account' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('deletion');
    await expectNoAxeViolations(page, '/politica/privacy#deletion');
    await context.close();
  });
});
