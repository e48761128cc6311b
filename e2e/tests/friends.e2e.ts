import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseByTyping, tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { createMember, openAs, uploadGalleryImage } from '../support/members';

describe('friends, member search and public profiles (spec §2, §4 "Friendship")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('two members: search finds the other, request, badge, accept, gallery unlocks, unfollow locks it, block hides', async () => {
    const stamp = String(Date.now()).slice(-6);
    const ana = await createMember('ana', { nombre: `Ana${stamp}`, country: 'hr', ciudad: '' });
    const bea = await createMember('bea', {
      nombre: `Bea${stamp}`,
      country: 'hr',
      ciudad: '',
      ver: 'auvegle',
    });
    await uploadGalleryImage(
      bea,
      'Harbour at dawn',
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#996633' } })
        .jpeg()
        .toBuffer(),
    );

    const asAna = await openAs(browser, ana, '/buscar');
    const a = asAna.page;
    await a.getByRole('heading', { level: 1, name: 'Find members' }).waitFor();
    await expectNoAxeViolations(a, '/buscar');
    await tabTo(a, a.getByRole('link', { name: 'By everyday life' }));
    await a.keyboard.press('Enter');
    await a.getByRole('heading', { level: 1, name: 'Search by profile' }).waitFor();
    await expectNoAxeViolations(a, '/buscar/perfil');
    await tabTo(a, a.getByLabel('Sight'));
    await chooseByTyping(a, a.getByLabel('Sight'), 'Blind');
    expect(await a.getByLabel('Sight').inputValue()).toBe('auvegle');
    await tabTo(a, a.getByLabel('Country'));
    await chooseByTyping(a, a.getByLabel('Country'), 'Croatia');
    await tabTo(a, a.getByRole('main').getByRole('button', { name: 'Search', exact: true }));
    await a.keyboard.press('Enter');
    const result = a.getByRole('article').filter({ hasText: `Bea${stamp}` });
    await result.waitFor();
    expect(await a.getByRole('article').count()).toBe(1);
    await expectNoAxeViolations(a, '/buscar/perfil with results');
    await tabTo(a, result.getByRole('button', { name: 'Send a friend request' }));
    await a.keyboard.press('Enter');
    await a.getByText('Your friend request has been sent.').waitFor();
    await result.getByRole('button', { name: 'Request pending' }).waitFor();

    const asBea = await openAs(browser, bea, '/feed');
    const b = asBea.page;
    const requestsLink = b.getByRole('link', { name: /Requests 1 new friend request/ });
    await requestsLink.waitFor();
    await expectNoAxeViolations(b, '/feed with the friend-request badge');
    await tabTo(b, requestsLink, 40);
    await b.keyboard.press('Enter');
    await b.getByRole('heading', { level: 1, name: 'Friend requests' }).waitFor();
    const request = b.getByRole('article').filter({ hasText: `Ana${stamp}` });
    await request.waitFor();
    await expectNoAxeViolations(b, '/solicitudes');
    await tabTo(b, request.getByRole('button', { name: `Accept Ana${stamp}` }));
    await b.keyboard.press('Enter');
    await b.getByText('You are now friends.').waitFor();
    await b.getByText('You have no friend requests.').waitFor();
    await b.goto('/buscar/amigos');
    await b.getByRole('link', { name: `Ana${stamp}` }).waitFor();
    await expectNoAxeViolations(b, '/buscar/amigos');

    // Friends: the gallery opens on the public profile.
    await a.goto(`/perfil/${bea.id}`);
    await a.getByRole('heading', { level: 1, name: `Bea${stamp}` }).waitFor();
    await a.getByRole('heading', { name: 'Harbour at dawn' }).waitFor();
    await expectNoAxeViolations(a, '/perfil/{id} as a friend');
    await tabTo(a, a.getByRole('button', { name: 'Open Harbour at dawn' }));
    await a.keyboard.press('Enter');
    await a
      .getByRole('dialog', { name: 'Harbour at dawn' })
      .getByRole('img', { name: 'Harbour at dawn, a photo' })
      .waitFor();
    // A friend's picture can be reported from its dialog; the report dialog opens over it.
    await a
      .getByRole('dialog', { name: 'Harbour at dawn' })
      .getByRole('button', { name: 'Report this image' })
      .click();
    const report = a.getByRole('dialog', { name: 'Report this image' });
    await report.getByLabel('Reason').selectOption('privacy');
    await expectNoAxeViolations(a, '/perfil/{id}, reporting a gallery image');
    await report.getByRole('button', { name: 'Send the report' }).click();
    await a.getByText('Your report has been sent to the moderators.').waitFor();
    await a.keyboard.press('Escape');

    // Unfollow locks it again.
    await tabTo(a, a.getByRole('button', { name: 'Stop following' }));
    await a.keyboard.press('Enter');
    await a.getByText('The gallery is visible to friends only.').waitFor();
    expect(await a.getByRole('heading', { name: 'Harbour at dawn' }).count()).toBe(0);
    await a.getByRole('button', { name: 'Send a friend request' }).waitFor();
    await expectNoAxeViolations(a, '/perfil/{id} as a stranger');

    // Blocking hides the member from search.
    await tabTo(a, a.getByRole('button', { name: 'Block' }));
    await a.keyboard.press('Enter');
    const confirm = a.getByRole('dialog', { name: 'Block this member?' });
    await tabTo(a, confirm.getByRole('button', { name: 'Block the member' }));
    await a.keyboard.press('Enter');
    await a.waitForURL('**/buscar/amigos');
    await a.getByRole('button', { name: `Unblock Bea${stamp}` }).waitFor();
    await a.goto('/buscar/perfil');
    await a.getByLabel('Sight').selectOption('auvegle');
    await a.getByLabel('Country').selectOption('hr');
    await a.getByRole('main').getByRole('button', { name: 'Search', exact: true }).press('Enter');
    await a.getByText('No member matches these filters.').waitFor();
    await asAna.context.close();
    await asBea.context.close();
  });

  it('on a phone the navigation is a bottom bar, and on /chat a Menu under the top bar', async () => {
    const member = await createMember('phone');
    const context = await newContext(browser, {
      consent: { advertising: false },
      localStorage: { access: member.access, refresh: member.refresh },
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto('/feed');
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    const box = await nav.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThanOrEqual(739);
    await expectNoAxeViolations(page, '/feed on a phone');
    await page.goto('/chat');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The conversation needs the height (spec §2): no bottom bar, the destinations in a Menu.
    await nav.getByRole('button', { name: 'Menu' }).waitFor();
    const menuBox = await nav.boundingBox();
    expect(menuBox && menuBox.y + menuBox.height).toBeLessThan(740 / 4);
    await context.close();
  });

  it('search by disease needs a disease from the list, filters by place, and tells "nobody here" apart', async () => {
    const stamp = String(Date.now()).slice(-6);
    await createMember('brno', {
      nombre: `Petra${stamp}`,
      country: 'cz',
      ciudad: 'Brno',
      enfermedad: 'Cystic fibrosis',
      orphacode: '586',
    });
    const viewer = await createMember('finder');
    const { context, page } = await openAs(browser, viewer, '/buscar/enfermedad');
    await page.getByRole('heading', { level: 1, name: 'Search by disease' }).waitFor();
    await expectNoAxeViolations(page, '/buscar/enfermedad');

    // Free text that is not a disease of the list is refused (spec §5).
    await tabTo(page, page.getByLabel('Disease', { exact: true }));
    await page.keyboard.type('Something made up');
    await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Search', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('Please choose a valid disease from the list.').waitFor();

    await page.getByLabel('Disease', { exact: true }).fill('Cystic fibrosis');
    await page.getByText('ORPHA code: 586').waitFor();
    await page.getByLabel('Country').selectOption('cz');
    await page.getByLabel('City').selectOption('Brno');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).press('Enter');
    await page
      .getByRole('article')
      .filter({ hasText: `Petra${stamp}` })
      .waitFor();
    await expectNoAxeViolations(page, '/buscar/enfermedad with results');
    await page.screenshot({ path: '/tmp/juntos-search-disease.png', fullPage: true });

    await page.getByLabel('Country').selectOption('mt');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).press('Enter');
    await page.getByText('No member with this disease lives in the place you chose.').waitFor();
    await context.close();
  });

  it("offers the ages of the viewer's group, and a maximum no lower than the minimum", async () => {
    const adult = await createMember('ages');
    const { context, page } = await openAs(browser, adult, '/buscar/perfil');
    const options = (label: string) =>
      page
        .getByLabel(label)
        .evaluate((select) =>
          Array.from((select as HTMLSelectElement).options, (option) => option.value).filter(Boolean),
        );
    await page.getByLabel('Minimum age').waitFor();
    const minimum = await options('Minimum age');
    expect([minimum[0], minimum.at(-1)]).toEqual(['18', '99']);
    await page.getByLabel('Minimum age').selectOption('40');
    expect((await options('Maximum age'))[0]).toBe('40');
    await context.close();
  });
});
