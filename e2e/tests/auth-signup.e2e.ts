import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, storedTokens, tabTo, uniqueEmail } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { activationCodeFrom, waitForEmail } from '../support/mail';
import { expectOnlyTranslatedText } from '../support/translated-text';

const adultForm = (page: Page) => ({
  email: page.getByLabel('E-mail address'),
  password: page.getByLabel('Password', { exact: true }),
  confirm: page.getByLabel('Repeat the password'),
  phone: page.getByLabel('Phone number'),
  confirmation: page.getByRole('checkbox', { name: /I am 18 or older/ }),
  submit: page.getByRole('button', { name: 'Create my account' }),
});

const minorForm = (page: Page) => ({
  email: page.getByLabel('E-mail address'),
  password: page.getByLabel('Password', { exact: true }),
  confirm: page.getByLabel('Repeat the password'),
  phone: page.getByLabel('Phone number of the parent or guardian'),
  guardianName: page.getByLabel('Your full name'),
  relation: page.getByLabel('Your relation to the child'),
  legal: page.getByRole('checkbox', { name: /I am this child's parent or legal guardian/ }),
  responsibility: page.getByRole('checkbox', { name: /I take responsibility/ }),
  submit: page.getByRole('button', { name: 'Create the account' }),
});

describe('sign-up and activation (spec §2, §4, §5, §8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('adult, keyboard only: chooser → form → code from the e-mail → activation → the account page', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const email = uniqueEmail('adult');

    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await tabTo(page, page.getByRole('link', { name: 'Create an account' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await expectNoAxeViolations(page, '/signup');

    await tabTo(page, page.getByRole('link', { name: 'For myself' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/signup/self');
    const form = adultForm(page);
    await form.email.waitFor();
    // The password rule is shown before anything is typed.
    await page.getByText('At least 8 characters. Do not use a common password').waitFor();
    expect(await form.password.getAttribute('autocomplete')).toBe('new-password');
    expect(await form.submit.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/signup/self');

    await tabTo(page, form.email);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await form.password.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(STRONG_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STRONG_PASSWORD);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+34600123456');
    await tabTo(page, form.confirmation);
    await page.keyboard.press('Space');
    expect(await form.confirmation.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await form.submit.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await form.submit.isEnabled()).toBe(true);

    const since = Date.now();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your account has been created' }).waitFor();
    await expectNoAxeViolations(page, '/signup/self after success');

    await page.waitForURL('**/activate');
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    const code = page.getByLabel('Activation code');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    await expectNoAxeViolations(page, '/activate');

    const activationCode = activationCodeFrom(await waitForEmail(email, since));
    await tabTo(page, code);
    // Non-digits are stripped as the member types.
    await page.keyboard.type(`${activationCode.slice(0, 3)} -${activationCode.slice(3)}`);
    expect(await code.inputValue()).toBe(activationCode);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Your account is active' }).waitFor();

    await page.waitForURL('**/edit-profile');
    await page.getByRole('heading', { level: 1, name: 'Edit your profile' }).waitFor();
    const tokens = await storedTokens(page);
    expect(tokens.access).toEqual(expect.any(String));
    expect(tokens.refresh).toEqual(expect.any(String));
    await expectNoAxeViolations(page, '/edit-profile');
    await context.close();
  });

  it('minor: guardian fields and both boxes → /activate with the address', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const email = uniqueEmail('guardian');
    await page.goto('/signup');
    await page.getByRole('link', { name: 'For a minor in my care' }).click();
    await page.waitForURL('**/signup/menor');
    const form = minorForm(page);
    await form.email.waitFor();
    await expectNoAxeViolations(page, '/signup/menor');

    await form.email.fill(email);
    await form.password.fill(STRONG_PASSWORD);
    await form.confirm.fill(STRONG_PASSWORD);
    await form.phone.fill('+34600123456');
    await form.guardianName.fill('María Pérez');
    await form.relation.selectOption('madre');
    expect(await form.relation.locator('option:checked').textContent()).toBe('Mother');
    await form.legal.check();
    await form.responsibility.check();
    const since = Date.now();
    await form.submit.click();
    await page.getByRole('status').filter({ hasText: 'The account has been created' }).waitFor();
    await page.waitForURL('**/activate');
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    expect(activationCodeFrom(await waitForEmail(email, since))).toMatch(/^\d{6}$/);
    await expectNoAxeViolations(page, '/activate after minor sign-up');
    await context.close();
  });

  it('adult: each rule is shown next to its field once touched; the server refuses a disposable address', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/signup/self');
    const form = adultForm(page);
    await form.email.fill('not-an-address');
    await form.password.fill(STRONG_PASSWORD);
    await form.confirm.fill('something-else-entirely');
    await form.phone.fill('600123456');
    await form.confirmation.check();
    await form.confirmation.uncheck();
    await form.email.focus();

    const described = async (field: typeof form.email) =>
      field.evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByText('The phone number must start with + followed by 6 to 15 digits').waitFor();
    await page.getByText('Please tick the box to confirm you are 18 or older').waitFor();
    await page.getByText('Please check this field: it is empty or not valid.').waitFor();
    expect(await form.confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await described(form.confirm)).toContain('The two passwords are not the same.');
    expect(await described(form.phone)).toContain('6 to 15 digits');
    expect(await form.confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(await form.submit.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/signup/self with field errors');

    await form.email.fill('user@maildrop.cc');
    await form.confirm.fill(STRONG_PASSWORD);
    await form.phone.fill('+34600123456');
    await form.confirmation.check();
    expect(await form.phone.getAttribute('aria-invalid')).toBeNull();
    expect(await form.submit.isEnabled()).toBe(true);
    await form.submit.click();
    const alert = page.getByRole('alert').filter({ hasText: '❌' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      '❌ Addresses from temporary e-mail services are not accepted. Please use your usual e-mail address.',
    );
    expect(await form.email.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/signup/self with the server answer');
    await context.close();
  });

  it('minor: the rules are checked in the spec order, the first failure shown', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/signup/menor');
    const form = minorForm(page);
    const alert = page.getByRole('alert');
    const expectMessage = async (text: string) => {
      await page.getByRole('alert').filter({ hasText: text }).waitFor();
    };

    await form.email.fill(uniqueEmail('order'));
    await form.submit.click();
    await expectMessage('Please fill in every field');
    expect(await form.password.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/signup/menor: required fields');

    await form.password.fill(STRONG_PASSWORD);
    await form.confirm.fill('a-different-password');
    await form.phone.fill('+34600');
    await form.guardianName.fill('Jan Kowalski');
    await form.relation.selectOption('padre');
    await form.submit.click();
    await expectMessage('The two passwords are not the same.');
    expect(await form.confirm.getAttribute('aria-invalid')).toBe('true');

    await form.confirm.fill(STRONG_PASSWORD);
    await form.submit.click();
    // +34600: 5 digits; a minor's phone needs 7 to 15.
    await expectMessage('7 to 15 digits');
    expect(await form.phone.getAttribute('aria-invalid')).toBe('true');

    await form.phone.fill('+34600123');
    // A relation outside padre/madre/tutor can only come from a tampered page.
    await form.relation.evaluate((select) => {
      const option = document.createElement('option');
      option.value = 'tio';
      option.textContent = 'tio';
      select.append(option);
    });
    await form.relation.selectOption('tio');
    await form.submit.click();
    await expectMessage('Please choose your relation to the child');
    expect(await form.relation.getAttribute('aria-invalid')).toBe('true');

    await form.relation.selectOption('tutor');
    await form.legal.check();
    await form.submit.click();
    await expectMessage('Please tick both boxes');
    expect(await form.responsibility.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/signup/menor: legal boxes');

    await form.responsibility.check();
    await form.email.fill('guardian@maildrop.cc');
    await form.submit.click();
    await expectMessage('❌ Addresses from temporary e-mail services are not accepted.');
    expect(await alert.count()).toBe(1);
    await context.close();
  });

  it('every public account screen shows only translated text and passes axe', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const screens = [
      ['/signup', 'Create an account'],
      ['/signup/self', 'Create my account'],
      ['/signup/menor', 'Create an account for a minor'],
      ['/activate?email=someone%40example.org', 'Activate your account'],
      ['/reset-password', 'Reset your password'],
      ['/reset-confirm?token=abcdefghijklmnop', 'Choose a new password'],
      ['/reset-confirm', 'Choose a new password'],
    ] as const;
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectOnlyTranslatedText(page, 'en');
      await expectNoAxeViolations(page, path);
    }
    await context.close();
  });

  it('the sign-up forms stay disabled until cookie consent is given', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/signup/self', '/signup/menor']) {
      await page.goto(path);
      await page.getByRole('dialog', { name: 'Cookies and your privacy' }).waitFor();
      expect(await page.getByLabel('E-mail address').isDisabled()).toBe(true);
      expect(await page.getByLabel('Password', { exact: true }).isDisabled()).toBe(true);
    }
    await page.getByRole('button', { name: 'Save my choice' }).click();
    expect(await page.getByLabel('E-mail address').isEnabled()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /I take responsibility/ }).isEnabled()).toBe(true);
    await context.close();
  });

  it('/activate without a known address asks for it; a wrong code shows the server answer', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    await page.goto('/activate');
    const email = page.getByLabel('E-mail address');
    await email.waitFor();
    await page.getByLabel('Activation code').fill('12');
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter your e-mail address.' }).waitFor();
    await email.fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code must have exactly 6 digits.' }).waitFor();
    await page.getByLabel('Activation code').fill('123456');
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByRole('alert').filter({ hasText: '❌ This code is not correct.' }).waitFor();
    await page.getByRole('button', { name: 'Send me a new code' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent a new code' }).waitFor();
    await expectNoAxeViolations(page, '/activate with messages');
    await context.close();
  });
});
