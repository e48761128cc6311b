import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { api, createMember, makeAdmin, openAs } from '../support/members';

describe('research that finds the member (issue 35)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member turns the consent on by keyboard, is told of a new study, sees why in "For you", and withdraws', async () => {
    const stamp = String(Date.now()).slice(-6);
    // Turner syndrome in the Netherlands: the shipped directory names Amsterdam UMC (Endo-ERN).
    const member = await createMember('research', {
      nombre: `Noor${stamp}`,
      country: 'nl',
      ciudad: 'Amsterdam',
      enfermedad: 'Turner syndrome',
      orphacode: '881',
    });
    const admin = await createMember('research-admin', { nombre: 'Olga' });
    await makeAdmin(admin);

    const { context, page } = await openAs(browser, member, '/profile');
    await page.getByRole('heading', { level: 2, name: 'Hear about research on your disease' }).waitFor();
    const section = page.locator('#research');
    await section.getByRole('status').filter({ hasText: 'Off: you are not told about research.' }).waitFor();
    await expectNoAxeViolations(page, '/profile with the research consent off');

    // Off by default; by keyboard: the scope (arrow keys move within the radio group), the box, the button.
    await tabTo(page, section.getByRole('radio', { name: 'Only in my country' }));
    await page.keyboard.press('ArrowDown');
    await section
      .getByRole('radio', { name: 'My country and neighbouring countries', checked: true })
      .waitFor();
    await tabTo(page, section.getByRole('checkbox', { name: /^I agree to be told about research/ }));
    await page.keyboard.press('Space');
    await tabTo(page, section.getByRole('button', { name: 'Agree and save' }));
    await page.keyboard.press('Enter');
    await section
      .getByRole('status')
      .filter({ hasText: /^On since .* \(version 1\): My country and neighbouring countries\.$/ })
      .waitFor();
    // "Your data" shows the same consent, with its withdrawal.
    await page
      .locator('#my-data')
      .getByText(/On since .* \(version 1\): My country and neighbouring countries\./)
      .waitFor();
    await expectNoAxeViolations(page, '/profile with the research consent on');

    // An administrator adds a recruiting clinical study in Belgium, a neighbouring country.
    const studyName = `Turner growth study ${stamp}`;
    await api(admin, 'POST', '/admin/recursos/proyectos/', {
      name: studyName,
      pais: 'be',
      ciudad: 'Bruxelles',
      enlace: 'https://example.org/turner-study',
      descripcion: { en: 'A study of growth in girls and women with Turner syndrome.' },
      orphacodes: [881],
      estudio_clinico: true,
      recluta: true,
      recluta_hasta: '2027-06-30',
    });

    // The notification names neither the disease nor the study.
    await page.goto('/notificaciones');
    const notice = page.getByRole('link', {
      name: 'Unread: There is news about research that may interest you',
    });
    await notice.waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, '/notificaciones with a research notice');
    await tabTo(page, notice);
    await page.keyboard.press('Enter');

    await page.waitForURL('**/recursos/para-ti');
    await page.getByRole('heading', { level: 1, name: 'Research for you' }).waitFor();
    const study = page.getByRole('article').filter({ hasText: studyName });
    await study
      .getByText('Why you see it: it is about your disease (ORPHA:881) in Belgium, a neighbouring country.')
      .waitFor();
    await study.getByText(/^looking for participants until .*2027$/).waitFor();
    await page
      .getByRole('article')
      .filter({ hasText: 'Amsterdam UMC' })
      .getByText('Why you see it: it is about your disease (ORPHA:881) in your country, Netherlands.')
      .waitFor();
    await expectNoAxeViolations(page, '/recursos/para-ti');

    // The directory filters by disease: the centres list narrowed to Turner syndrome.
    await page.goto('/recursos/centros');
    const disease = page.getByRole('combobox', { name: 'Disease' });
    await tabTo(page, disease);
    await page.keyboard.type('Turner syndrome');
    await page
      .getByRole('status')
      .filter({ hasText: /^3 expert centres/ })
      .waitFor();
    await page.getByRole('article').filter({ hasText: 'Amsterdam UMC' }).waitFor();
    await expectNoAxeViolations(page, '/recursos/centros filtered by disease');

    // Withdrawn in one action; "For you" is empty at once.
    await page.goto('/profile');
    await tabTo(page, section.getByRole('button', { name: 'Withdraw my consent' }));
    await page.keyboard.press('Enter');
    await section
      .getByRole('status')
      .filter({ hasText: /^Off: you are not told about research\. You withdrew it on / })
      .waitFor();
    await page.goto('/recursos/para-ti');
    await page.getByText('You have not asked to hear about research.', { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/recursos/para-ti without a consent');
    await context.close();
  });
});
