import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, makeAdmin, openAs, registerMinor } from '../support/members';

const notice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'An administrator is checking your account' });

/** The queue is oldest first and shared by the whole run: page on until the account shows. */
async function rowOf(page: Page, email: string) {
  const row = page.getByRole('row').filter({ hasText: email });
  await page
    .getByRole('table')
    .or(page.getByText("No minor's account is waiting for a check."))
    .first()
    .waitFor();
  while ((await row.count()) === 0) {
    const more = page.getByRole('button', { name: 'Show more accounts' });
    expect(await more.count(), `${email} is not in the queue`).toBe(1);
    const shown = await page.getByRole('row').count();
    await more.click();
    // The next page has arrived when a row more is drawn.
    await page.getByRole('row').nth(shown).waitFor();
  }
  return row;
}

describe('new minors’ accounts are reviewed by an administrator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a minor is told the account is being checked; an administrator approves it with the keyboard; the notice goes', async () => {
    const stamp = String(Date.now()).slice(-5);
    const minor = await registerMinor(`Lucía${stamp}`, '2013-05-04');
    const other = await registerMinor(`Pablo${stamp}`, '2012-01-20');

    const asMinor = await openAs(browser, minor, '/info');
    await asMinor.page.getByRole('heading', { level: 1 }).waitFor();
    await notice(asMinor.page).waitFor();
    expect(await notice(asMinor.page).textContent()).toContain(
      'you cannot see other members or contact them',
    );
    await expectNoAxeViolations(asMinor.page, '/info, review pending');
    await asMinor.page.goto('/buscar/amigos');
    await notice(asMinor.page).waitFor();
    await expectNoAxeViolations(asMinor.page, '/buscar/amigos, review pending');

    const admin = await createMember('minors-reviewer', { nombre: 'Rosa' });
    await makeAdmin(admin);
    const { context, page } = await openAs(browser, admin, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: "Minors' accounts" }),
    );
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: "Minors' accounts to check" }).waitFor();
    const row = await rowOf(page, minor.email);
    const text = (await row.textContent()) ?? '';
    for (const shown of [`Lucía${stamp} Ortega`, 'María López', 'Mother', '+34600111222', 'Granada, Spain'])
      expect(text).toContain(shown);
    expect(text).toMatch(/\d+ years old/);
    await expectNoAxeViolations(page, '/admin/menores');

    await tabTo(page, row.getByRole('button', { name: `Approve Lucía${stamp} Ortega` }));
    await page.keyboard.press('Enter');
    await page.getByText('The account is approved. It can now see and contact other minors.').waitFor();
    await row.waitFor({ state: 'detached' });
    // The approved row left the table: focus stays with the queue, not at the top of the page.
    expect(
      await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby')),
    ).toBe('admin-minors-queue');

    // An account that turns out to be an adult's: confirmed in a dialog first.
    const otherRow = await rowOf(page, other.email);
    await tabTo(page, otherRow.getByRole('button', { name: `This is an adult Pablo${stamp} Ortega` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: `Does the account of Pablo${stamp} Ortega belong to an adult?`,
    });
    await dialog.waitFor();
    await expectNoAxeViolations(page, '/admin/menores, adult dialog');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText("The account is now in the adults' group.").waitFor();
    await otherRow.waitFor({ state: 'detached' });

    // The age-group form names the field of each mistake.
    const save = page.getByRole('button', { name: 'Save the age group' });
    await tabTo(page, save);
    await page.keyboard.press('Enter');
    await page.getByText('Member number: enter a whole number above 0.').waitFor();
    await page.getByText('Age group: choose minor or adult.').waitFor();
    expect(await page.getByLabel('Member number').evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    await expectNoAxeViolations(page, '/admin/menores, age group form with errors');
    await page.keyboard.type('999999999');
    await page.getByRole('radio', { name: 'Adult (18 or older)' }).check();
    await save.click();
    await page.getByText('Member number: no account has this number.').waitFor();
    await page.getByLabel('Member number').fill(String(other.id));
    await page.getByRole('radio', { name: 'Minor (under 18)' }).check();
    await save.click();
    await page
      .getByText(`Member no. ${other.id} is now in the minors' group, and the account counts as checked.`)
      .waitFor();

    await page.goto('/admin/auditoria');
    await page.getByRole('cell', { name: "Minor's account approved" }).first().waitFor();
    await page.getByRole('cell', { name: 'Age group set to adult' }).first().waitFor();
    await page.getByRole('cell', { name: 'Age group set to minor' }).first().waitFor();
    await expectNoAxeViolations(page, '/admin/auditoria');
    await context.close();

    const meLoaded = asMinor.page.waitForResponse((response) => response.url().endsWith('/api/me'));
    await asMinor.page.goto('/info');
    await meLoaded;
    await asMinor.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await notice(asMinor.page).count()).toBe(0);
    await expectNoAxeViolations(asMinor.page, '/info, reviewed');
    await asMinor.context.close();
  });
});
