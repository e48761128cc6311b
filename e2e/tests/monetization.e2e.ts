import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { baseUrl, launchBrowser, newContext } from '../support/browser';
import { createMember, type Member } from '../support/members';

async function impressions(member: Member, count: number) {
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${baseUrl()}/api/ads/impressions/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${member.access}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ slot_key: 'adslot_general' }),
    });
    expect(((await response.json()) as { counted: boolean }).counted).toBe(true);
  }
}

async function openWithConsent(browser: Browser, member: Member, path: string, advertising: boolean) {
  const context = await newContext(browser, {
    consent: { advertising },
    localStorage: { access: member.access, refresh: member.refresh },
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(path);
  return { context, page };
}

describe('earnings programme and advertising (spec §2, §4, §5)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('shows the banner only with advertising consent, on desktop, rotating every 15 s', async () => {
    const member = await createMember('ads', { country: 'it', ciudad: 'Roma' });
    const withConsent = await openWithConsent(browser, member, '/feed', true);
    const banner = withConsent.page.getByRole('complementary', { name: 'Advertising' });
    await banner.getByText('Advertising space (test)').waitFor();
    expect(await banner.getAttribute('data-slot-key')).toBe('adslot_general');
    expect(await banner.locator('.ad-block').boundingBox()).toMatchObject({ width: 728, height: 90 });
    await expectNoAxeViolations(withConsent.page, '/feed with the ad banner');
    await withConsent.page.clock.fastForward(15_000);
    await expect.poll(() => banner.getAttribute('data-slot-key')).toBe('adslot_local_it');

    await withConsent.page.setViewportSize({ width: 390, height: 844 });
    await banner.waitFor({ state: 'detached' });
    await withConsent.context.close();

    const withoutConsent = await openWithConsent(browser, member, '/feed', false);
    await withoutConsent.page.getByRole('heading', { level: 1 }).waitFor();
    await withoutConsent.page.clock.fastForward(16_000);
    expect(await withoutConsent.page.locator('.ad-banner, .ad-block, ins.adsbygoogle').count()).toBe(0);
    await withoutConsent.context.close();
  });

  it('activate, earn through impressions, claim, fill the PayPal form, review, confirm, see the history', async () => {
    const member = await createMember('earner', { nombre: 'Lucía' });
    const { context, page } = await openWithConsent(browser, member, '/monetizacion', false);
    await page.getByRole('heading', { level: 1, name: 'Earnings programme' }).waitFor();
    await expectNoAxeViolations(page, '/monetizacion');
    await tabTo(page, page.getByRole('link', { name: 'See my earnings' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Your earnings' }).waitFor();

    // Activation needs the consent box.
    await tabTo(page, page.getByRole('button', { name: 'Activate the programme' }));
    await page.keyboard.press('Enter');
    await page.getByText('Tick the box to give your consent before activating.').waitFor();
    await expectNoAxeViolations(page, '/monetizacion/ganancias, consent missing');
    await tabTo(page, page.getByRole('checkbox', { name: /functional profile/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Activate the programme' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Stop the programme' }).waitFor();
    expect(await page.getByRole('button', { name: 'Withdraw my tokens' }).isDisabled()).toBe(true);

    await impressions(member, 1000);
    await page.reload();
    await page.getByRole('definition').filter({ hasText: /^100/ }).first().waitFor();
    await expectNoAxeViolations(page, '/monetizacion/ganancias with 100 tokens');
    const claim = page.getByRole('button', { name: 'Withdraw my tokens' });
    expect(await claim.isDisabled()).toBe(false);
    await tabTo(page, claim);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Choose how to be paid' }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Bank transfer (IBAN)' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await expectNoAxeViolations(page, '/perfil/metodo-pago');
    await tabTo(page, page.getByRole('link', { name: 'PayPal' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Withdraw with PayPal' }).waitFor();

    // The slider works with the keyboard and says its value.
    const slider = page.getByRole('slider', { name: 'Tokens to withdraw' });
    await tabTo(page, slider);
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^100\.0 tokens \(€1\.00\)$/);
    await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^99\.9 tokens \(€0\.999\)$/);
    await expectNoAxeViolations(page, '/perfil/metodo-pago/paypal');

    const fields: [string, string][] = [
      ['Full name', 'Lucía Martín'],
      ['Address', 'Via Roma 1, Roma'],
      ['Country', 'Italia'],
      ['E-mail', 'lucia@example.org'],
      ['Phone', '+390600000000'],
      ['PayPal e-mail address', 'lucia.example.org'],
    ];
    for (const [label, value] of fields) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Review' }));
    await page.keyboard.press('Enter');
    const paypal = page.getByLabel('PayPal e-mail address', { exact: true });
    await page.getByText('Enter the e-mail address of your PayPal account.').waitFor();
    await expect.poll(() => paypal.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page, '/perfil/metodo-pago/paypal with an error');
    await paypal.fill('lucia@example.org');
    await tabTo(page, page.getByRole('button', { name: 'Review' }));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Check your withdrawal' }).waitFor();
    await page.getByText('99.9 tokens (€0.999)').waitFor();
    await expectNoAxeViolations(page, 'withdrawal review');
    await tabTo(page, page.getByRole('button', { name: 'Confirm the withdrawal' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your withdrawal request has been sent.').waitFor();
    await page.waitForURL('**/monetizacion/ganancias');

    await tabTo(page, page.getByRole('link', { name: 'See my withdrawals' }));
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Your withdrawal requests, newest first' });
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      'PayPal',
      '99.9',
      '€0.999',
      'Waiting',
    ]);
    await expectNoAxeViolations(page, '/monetizacion/historial-retiros');
    await context.close();
  });
});
