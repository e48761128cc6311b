import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseByTyping, createActiveAccount, tabTo, type Account } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { loadedWidth } from '../support/images';
import { baseUrl, launchBrowser, newContext } from '../support/browser';
import { adultPayload } from '../../apps/api/src/test-support/payloads';

/** Saves a profile through the API, as another member would have done. */
async function saveProfileThroughApi(account: Account, fields: Record<string, string>) {
  const form = new FormData();
  const base = { nombre: 'Member', country: 'fr', date_of_birth: '1985-03-02' };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value);
  const response = await fetch(`${baseUrl()}/api/profile/`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${account.access}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const signedInContext = (browser: Browser, account: Account) =>
  newContext(browser, {
    consent: { advertising: false },
    localStorage: { access: account.access, refresh: account.refresh },
  });

/** Every form control has a label that is shown on screen (not only to screen readers). */
async function expectVisibleLabels(page: Page) {
  const unlabelled = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        'main form input, main form select, main form textarea',
      ),
    )
      .filter((control) => {
        const label = control.labels?.[0];
        if (!label) return true;
        const box = label.getBoundingClientRect();
        return box.width === 0 || box.height === 0 || !label.textContent?.trim();
      })
      .map((control) => control.outerHTML.slice(0, 120)),
  );
  expect(unlabelled).toEqual([]);
}

describe('profiles (spec §2 "Profile edit", "Own profile", "Dashboard", "Functional profile")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a new member completes the profile with the keyboard and a photo, then sees it on /profile; the welcome shows once', async () => {
    const account = await createActiveAccount('profile');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto('/edit-profile');

    const welcome = page.getByRole('dialog', { name: 'Welcome to Juntos!' });
    await welcome.waitFor();
    await expectNoAxeViolations(page, '/edit-profile with the first-visit dialog');
    // The dialog takes the focus: Enter answers it.
    const start = welcome.getByRole('button', { name: "Let's start" });
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    expect(await start.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await welcome.waitFor({ state: 'hidden' });
    await page.getByLabel('First name *').waitFor();
    await expectNoAxeViolations(page, '/edit-profile');
    await expectVisibleLabels(page);

    // Saving without the required fields: the toast of spec §5 and the first field in error focused.
    await tabTo(page, page.getByRole('button', { name: 'Save my profile' }));
    await page.keyboard.press('Enter');
    await page.getByText('Please fill in your first name, your country and your date of birth').waitFor();
    expect(
      await page.getByLabel('First name *').evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await expectNoAxeViolations(page, '/edit-profile with errors');

    await page.keyboard.type('Lucía');
    await tabTo(page, page.getByLabel('Last name'));
    await page.keyboard.type('Moreno');
    await tabTo(page, page.getByLabel('Country *'));
    await chooseByTyping(page, page.getByLabel('Country *'), 'Spain');
    expect(await page.getByLabel('Country *').inputValue()).toBe('es');
    await tabTo(page, page.getByLabel('City'));
    await page.keyboard.type('Sevilla');
    expect(await page.getByLabel('City').inputValue()).toBe('Sevilla');
    // The date field takes typed digits in the order of the page language (en: month, day, year).
    await tabTo(page, page.getByLabel('Date of birth *'));
    await page.keyboard.type('05041990');
    expect(await page.getByLabel('Date of birth *').inputValue()).toBe('1990-05-04');
    await tabTo(page, page.getByLabel('About me'));
    await page.keyboard.type('I love swimming and board games.');
    await tabTo(page, page.getByLabel('Disease', { exact: true }));
    await page.keyboard.type('Marfan syndrome');
    await page.getByText('ORPHA code: 558').waitFor();
    await tabTo(page, page.getByLabel('Mobility', { exact: true }));
    await page.keyboard.type('Crutches');
    await tabTo(page, page.getByLabel('Who can see this? (Disease)'));
    await chooseByTyping(page, page.getByLabel('Who can see this? (Disease)'), 'My friends only');
    expect(await page.getByLabel('Who can see this? (Disease)').inputValue()).toBe('friends');

    const photo = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#2a7f62' } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Preview of your new photo' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Save my profile' }));
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) => response.url().endsWith('/api/profile/') && response.request().method() === 'PUT',
      ),
      page.keyboard.press('Enter'),
    ]);
    expect(saved.status()).toBe(200);
    await page.waitForURL('**/profile');

    await page.getByText('Lucía Moreno').waitFor();
    await page.getByText('Sevilla, Spain').waitFor();
    await page.getByText('04/05/1990').waitFor();
    await page.getByText('Marfan syndrome').first().waitFor();
    await page.getByText('Crutches').waitFor();
    await page.getByText('Seen by: My friends only').waitFor();
    const avatar = page.getByRole('img', { name: 'Photo of Lucía Moreno' });
    expect(await avatar.getAttribute('src')).toMatch(/^\/media\/users\/\d+\/[0-9a-f-]{36}\.webp$/);
    expect(await loadedWidth(avatar)).toBe(120);
    await expectNoAxeViolations(page, '/profile');

    // The welcome is shown once only, on this device and any other.
    await page.goto('/edit-profile');
    await page.getByLabel('First name *').waitFor();
    expect(await page.getByLabel('First name *').inputValue()).toBe('Lucía');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('the functional profile: drill down three levels, toggle, and find the answer still set after reload', async () => {
    const account = await createActiveAccount('functional');
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto('/perfil-funcional');
    const areas = page.getByRole('list', { name: 'Areas of life' }).getByRole('link');
    await areas.first().waitFor();
    expect(await areas.count()).toBe(8);
    await expectNoAxeViolations(page, '/perfil-funcional');
    await tabTo(page, areas.first());
    await page.keyboard.press('Enter');
    const topics = page.getByRole('list', { name: 'Topics' }).getByRole('link');
    await topics.first().waitFor();
    await expectNoAxeViolations(page, '/perfil-funcional (topics)');
    await topics.first().click();
    const toggles = page.getByRole('switch');
    await toggles.first().waitFor();
    await expectNoAxeViolations(page, '/perfil-funcional (activities)');

    const first = toggles.first();
    const name = (await first.getAttribute('aria-labelledby')) ?? '';
    expect(await first.getAttribute('aria-checked')).toBe('false');
    await tabTo(page, first);
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/profile-tokenizado/') && response.request().method() === 'PUT',
      ),
      page.keyboard.press('Space'),
    ]);
    expect(saved.status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await first.getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await page.getByRole('switch').first().waitFor();
    expect(await page.getByRole('switch').first().getAttribute('aria-checked')).toBe('true');
    expect(name).toBeTruthy();
    // Back up a level: the count of activities that need help follows.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByText('1 needs help').first().waitFor();
    await context.close();
  });

  it('the dashboard shows the word cloud of diseases declared by at least 3 members, with its text alternative', async () => {
    const members = await Promise.all([1, 2, 3].map(() => createActiveAccount('cloud')));
    for (const member of members)
      await saveProfileThroughApi(member, { enfermedad: 'Cystic fibrosis', orphacode: '586' });
    // The cloud is recomputed after a debounce: wait until the API shows the disease in it.
    await vi.waitFor(
      async () => {
        const response = await fetch(`${baseUrl()}/api/nube-palabras/`, {
          headers: { authorization: `Bearer ${(members[0] as Account).access}` },
        });
        expect((await response.text()).toLowerCase()).toContain('cystic fibrosis');
      },
      { timeout: 15_000, interval: 100 },
    );

    const context = await signedInContext(browser, members[0] as Account);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
    await page.getByText('Not active').waitFor();
    const cloud = page.getByRole('img', { name: /^Word cloud of the diseases declared by members/ });
    await cloud.waitFor();
    expect(await cloud.getAttribute('alt')).toContain('Cystic fibrosis');
    expect(await cloud.getAttribute('src')).toMatch(/^\/media\/app\/word-cloud-en\.png\?t=\d+$/);
    expect(await loadedWidth(cloud)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, '/dashboard');

    await page.getByRole('link', { name: 'See the word cloud on its own page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Word cloud of diseases' }).waitFor();
    await page.getByRole('img', { name: /Cystic fibrosis/ }).waitFor();
    await expectNoAxeViolations(page, '/recursos/nube-palabras');

    await page.goto('/info');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Juntos' }).waitFor();
    // The eleven features of spec §2, and communities (issue 18).
    expect(await page.locator('.feature-list__item').count()).toBe(12);
    await page.getByRole('button', { name: 'Read the privacy policy' }).click();
    const policy = page.getByRole('dialog');
    await policy.getByRole('heading', { level: 3 }).first().waitFor();
    await expectNoAxeViolations(page, '/info with the privacy policy');
    await page.keyboard.press('Escape');
    await policy.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('deleting the account from /profile needs the box ticked and the current password, ends at /login, and the address can register again', async () => {
    const account = await createActiveAccount('delete');
    await saveProfileThroughApi(account, {});
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/profile with the delete dialog');
    await dialog.getByLabel('I understand I will lose all my data').check();
    expect(await confirm.isDisabled()).toBe(false);
    const password = dialog.getByLabel('Your current password');
    await confirm.click();
    await dialog.getByText('Enter your current password to delete your account.').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await password.fill('not the password');
    await confirm.click();
    // The server's answer, on the field: the account is still there.
    await dialog.getByText('Your current password is not correct.').waitFor();
    expect(page.url()).toContain('/profile');
    await expectNoAxeViolations(page, '/profile with a wrong password in the delete dialog');
    await password.fill(account.password);
    await confirm.click();
    await page.waitForURL('**/login');
    await page.getByText('Your account has been deleted.').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('access'))).toBeNull();
    await expectNoAxeViolations(page, '/login after deletion');
    await context.close();

    const again = await fetch(`${baseUrl()}/api/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(adultPayload({ email: account.email, password: account.password })),
    });
    expect(again.status).toBe(201);
  });
});
