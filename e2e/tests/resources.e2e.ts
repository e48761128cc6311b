import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { baseUrl, launchBrowser } from '../support/browser';
import { createMember, openAs, type Member } from '../support/members';

type Entry = { nombre?: string; titulo?: string; pais: string; ciudad: string; enlace: string };

async function listOf(member: Member, kind: string, query = ''): Promise<Entry[]> {
  const response = await fetch(`${baseUrl()}/api/recursos/${kind}/${query}`, {
    headers: { Authorization: `Bearer ${member.access}`, 'Accept-Language': 'en' },
  });
  return (await response.json()) as Entry[];
}

async function markCode(orphacode: number, status: 'obsoleto' | 'no_raro' | 'active') {
  const response = await fetch(`${baseUrl()}/api/__test__/disease-status/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ orphacode, status }),
  });
  expect(response.status).toBe(204);
}

const LISTS = [
  { kind: 'asociaciones', heading: 'Patient associations', noun: 'association' },
  { kind: 'proyectos', heading: 'Research projects', noun: 'research project' },
  { kind: 'centros', heading: 'Expert centres', noun: 'expert centre' },
] as const;

describe('resource directory (spec §2 "Resources hub", "Associations, projects, centres")', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('each list narrows by country, then by city, and links out in a new tab', async () => {
    const member = await createMember('resources');
    const { context, page } = await openAs(browser, member, '/recursos');
    await page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(6);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page, '/recursos');

    for (const { kind, heading, noun } of LISTS) {
      const all = await listOf(member, kind);
      const sample = all[Math.floor(all.length / 3)]!;
      const inCountry = all.filter((entry) => entry.pais === sample.pais);
      const inCity = inCountry.filter((entry) => entry.ciudad === sample.ciudad);

      await page.goto('/recursos');
      await tabTo(page, page.getByRole('link', { name: heading }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const status = page.getByRole('status').filter({ hasText: new RegExp(`^${all.length} ${noun}`) });
      await status.waitFor();
      expect(await page.getByRole('article').count()).toBe(all.length);
      await expectNoAxeViolations(page, `/recursos/${kind}`);

      // The country select is chosen with the keyboard, by the option's value.
      await tabTo(page, page.getByLabel('Country'));
      await page.getByLabel('Country').selectOption(sample.pais);
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${inCountry.length} ${noun}`) })
        .waitFor();
      expect(await page.getByRole('article').count()).toBe(inCountry.length);

      await tabTo(page, page.getByLabel('City'));
      await page.getByLabel('City').selectOption(sample.ciudad);
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${inCity.length} ${noun}`) })
        .waitFor();
      const cards = page.getByRole('article');
      expect(await cards.count()).toBe(inCity.length);
      const name = sample.nombre ?? sample.titulo ?? '';
      const card = cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
      const link = card.getByRole('link', { name: new RegExp(`More information.*opens in a new tab`) });
      expect(await link.getAttribute('href')).toBe(sample.enlace);
      expect(await link.getAttribute('target')).toBe('_blank');
      await expectNoAxeViolations(page, `/recursos/${kind} filtered by city`);

      // A city with nothing of this kind shows the empty message.
      const emptyCity = (await page.getByLabel('City').locator('option').allTextContents()).find(
        (city) => city !== 'Any' && !inCountry.some((entry) => entry.ciudad === city),
      );
      if (emptyCity) {
        await page.getByLabel('City').selectOption(emptyCity);
        await page.getByText(/matches this place/).waitFor();
        await expectNoAxeViolations(page, `/recursos/${kind} with no result`);
      }
    }
    await context.close();
  });

  it('warns a member whose disease code is obsolete, and not one whose code is current', async () => {
    await markCode(1606, 'obsoleto');
    const obsolete = await createMember('resources-obsolete', {
      enfermedad: '1p36 deletion syndrome',
      orphacode: '1606',
    });
    const current = await createMember('resources-current', {
      enfermedad: '22q11.2 deletion syndrome',
      orphacode: '567',
    });

    const asCurrent = await openAs(browser, current, '/recursos');
    await asCurrent.page.getByRole('heading', { level: 1, name: 'Resources' }).waitFor();
    await asCurrent.page.waitForLoadState('networkidle');
    expect(await asCurrent.page.getByRole('dialog').count()).toBe(0);
    await asCurrent.context.close();

    const { context, page } = await openAs(browser, obsolete, '/recursos');
    const dialog = page.getByRole('dialog', { name: 'Your disease code is out of date' });
    await dialog.waitFor();
    await dialog.getByText('ORPHA 1606').waitFor();
    await expectNoAxeViolations(page, '/recursos with the code warning');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('link', { name: 'Update my profile' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/edit-profile');
    await context.close();
  });
});
