import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunityDetail } from '@juntos/domain';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { api, createMember, openAs, publishPost } from '../support/members';

const formOf = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const article = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** Presses a button by keyboard and waits for the message it leads to. */
async function pressAndHear(page: Page, name: string, message: string) {
  await tabTo(page, page.getByRole('button', { name }));
  await page.keyboard.press('Enter');
  await page.getByText(message, { exact: false }).first().waitFor();
}

describe('muting (issue 37 point 3)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member mutes someone from their profile and a community from its page, sees them leave the feed, and undoes both', async () => {
    const stamp = Date.now().toString(36);
    const muter = await createMember('muter', { country: 'ie', nombre: `Mara${stamp}` });
    const loud = await createMember('loud', { country: 'ie', nombre: `Leo${stamp}` });
    const quiet = await createMember('quiet', { country: 'ie', nombre: `Bea${stamp}` });
    const loudPost = `Leo posts every hour ${stamp}`;
    const quietPost = `Bea posts once ${stamp}`;
    await publishPost(loud, { text: loudPost });
    await publishPost(quiet, { text: quietPost });
    const community = (await api(muter, 'GET', '/comunidades/enfermedad/558/')) as CommunityDetail;
    for (const member of [muter, quiet]) await api(member, 'POST', `/comunidades/${community.id}/unirse/`);
    const communityPost = `News of the community ${stamp}`;
    await api(quiet, 'POST', `/comunidades/${community.id}/publicaciones/`, formOf({ text: communityPost }));

    const { context, page } = await openAs(browser, muter, `/perfil/${loud.id}`);
    await page.getByRole('heading', { name: `Leo${stamp}` }).waitFor();
    await pressAndHear(page, `Mute Leo${stamp}`, `Leo${stamp} is muted`);
    await page.getByRole('button', { name: `Unmute Leo${stamp}` }).waitFor();
    await expectNoAxeViolations(page, 'a profile of a muted member');

    await page.goto('/feed');
    await article(page, quietPost).waitFor();
    await article(page, communityPost).waitFor();
    expect(await article(page, loudPost).count()).toBe(0);

    // The community's posts leave the main feed, and stay on its own page.
    await page.goto(`/comunidades/${community.id}`);
    await article(page, communityPost).waitFor();
    await pressAndHear(page, `Hide from my feed ${community.name}`, 'no longer appear in your feed');
    await expectNoAxeViolations(page, 'a community muted in the feed');
    await page.goto('/feed');
    await article(page, quietPost).waitFor();
    expect(await article(page, communityPost).count()).toBe(0);

    // Both are listed with the friends, each with its way back.
    await page.goto('/buscar/amigos');
    const muted = page.getByRole('region', { name: 'Muted' });
    await muted
      .getByRole('listitem')
      .filter({ hasText: `Leo${stamp}` })
      .waitFor();
    await muted
      .getByRole('listitem')
      .filter({ hasText: `Community: ${community.name}` })
      .waitFor();
    await expectNoAxeViolations(page, '/buscar/amigos with muted members and communities');
    await pressAndHear(page, `Unmute Leo${stamp}`, `Leo${stamp} is no longer muted`);
    await pressAndHear(page, `Show in my feed again ${community.name}`, 'appear in your feed again');
    await muted.getByText('You have not muted anyone.').waitFor();

    await page.goto('/feed');
    await article(page, loudPost).waitFor();
    await article(page, communityPost).waitFor();
    await context.close();
  });

  it('a member filters words: posts holding a hidden one leave the feed, those holding a warned one come closed', async () => {
    const stamp = Date.now().toString(36);
    const reader = await createMember('filters', { country: 'mt', nombre: `Rita${stamp}` });
    const writer = await createMember('writer', { country: 'mt', nombre: `Wes${stamp}` });
    const hiddenPost = `The prognosis is poor ${stamp}`;
    const warnedPost = `Our week at the hospice ${stamp}`;
    const plainPost = `A sunny walk ${stamp}`;
    for (const text of [hiddenPost, warnedPost, plainPost]) await publishPost(writer, { text });

    const { context, page } = await openAs(browser, reader, '/buscar/amigos');
    const filters = page.getByRole('region', { name: 'Words you filter' });
    await filters.getByText('You filter no words.').waitFor();
    await tabTo(page, filters.getByLabel('Word or phrase'));
    await page.keyboard.type('Prognosis');
    await tabTo(page, filters.getByRole('button', { name: 'Add the filter' }));
    await page.keyboard.press('Enter');
    await filters.getByText('“Prognosis” is filtered.').waitFor();
    await filters.getByLabel('Word or phrase').fill('hospice');
    await filters
      .getByLabel('What to do with posts and comments that have it')
      .selectOption({ label: 'Show them closed' });
    await tabTo(page, filters.getByRole('button', { name: 'Add the filter' }));
    await page.keyboard.press('Enter');
    await filters.getByRole('listitem').filter({ hasText: '“hospice”: shown closed' }).waitFor();
    // Too short: refused with the field named.
    await filters.getByLabel('Word or phrase').fill('a');
    await tabTo(page, filters.getByRole('button', { name: 'Add the filter' }));
    await page.keyboard.press('Enter');
    await filters.getByText('Write a word or phrase of at least 2 characters.').waitFor();
    await expectNoAxeViolations(page, '/buscar/amigos with keyword filters');

    await page.goto('/feed');
    await article(page, plainPost).waitFor();
    expect(await article(page, hiddenPost).count()).toBe(0);
    const warned = page.getByRole('article').filter({ hasText: 'Holds “hospice”, a word you filter.' });
    await warned.waitFor();
    expect(await warned.getByText(warnedPost).count()).toBe(0);
    await expectNoAxeViolations(page, '/feed with a post closed by a keyword filter');
    await tabTo(page, warned.getByRole('button', { name: 'Show anyway' }));
    await page.keyboard.press('Enter');
    await warned.getByText(warnedPost).waitFor();

    // Removed, the filters let everything back.
    await page.goto('/buscar/amigos');
    await pressAndHear(page, 'Remove Prognosis', '“Prognosis” is no longer filtered.');
    await pressAndHear(page, 'Remove hospice', '“hospice” is no longer filtered.');
    await page.goto('/feed');
    await article(page, hiddenPost).waitFor();
    await article(page, warnedPost).getByText(warnedPost).waitFor();
    await context.close();
  });
});
