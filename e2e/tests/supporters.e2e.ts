import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { createMember, openAs, uploadGalleryImage } from '../support/members';

const isFocused = (page: Page, name: string) =>
  page.getByRole('button', { name }).evaluate((element) => element === document.activeElement);

/**
 * Issue 37 point 1, decision 0047: a member invites someone they trust, who accepts and helps
 * them from their own account, clearly shown on every screen, and goes back in one action; the
 * member ends the help at once. Keyboard only, with axe on every screen.
 */
describe('supporters (issue 37 point 1)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member invites a supporter, who helps them from their own account and goes back; the member ends it', async () => {
    const stamp = Date.now().toString(36);
    const ana = await createMember('ana', { nombre: `Ana${stamp}` });
    const bruno = await createMember('bruno', { nombre: `Bruno${stamp}` });

    // Ana invites Bruno from her profile, choosing what he may help with.
    const asAna = await openAs(browser, ana, '/profile');
    const { page } = asAna;
    await tabTo(page, page.getByRole('link', { name: 'People who help me' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'People who help' }).waitFor();
    await page.getByText('Nobody helps you yet.').waitFor();
    await expectNoAxeViolations(page, '/ajustes/apoyo');
    await tabTo(page, page.getByLabel('Their e-mail address'));
    await page.keyboard.type(bruno.email);
    await tabTo(page, page.getByRole('button', { name: 'Send invitation' }));
    await page.keyboard.press('Enter');
    // Nothing chosen: the group of choices says what is missing.
    await page.getByText('Choose at least one thing this person may do.').waitFor();
    await tabTo(page, page.getByRole('checkbox', { name: /^posts and comments/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('checkbox', { name: /^messages/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Send invitation' }));
    await page.keyboard.press('Enter');
    await page.getByText(`The invitation was sent to ${bruno.email}.`).waitFor();
    await page.getByText(/invitation sent on .*, not accepted yet/).waitFor();
    await expectNoAxeViolations(page, '/ajustes/apoyo with an invitation');

    // Bruno accepts on his own page and starts helping Ana.
    const asBruno = await openAs(browser, bruno, '/ajustes/apoyo');
    const helper = asBruno.page;
    await helper.getByText(`Ana${stamp} asks for your help.`).waitFor();
    await helper.getByText('May help with: posts and comments and messages.').waitFor();
    await expectNoAxeViolations(helper, '/ajustes/apoyo with an invitation to help');
    await tabTo(helper, helper.getByRole('button', { name: `Accept the invitation of Ana${stamp}` }));
    await helper.keyboard.press('Enter');
    await helper.getByText(`You now help Ana${stamp}.`).waitFor();
    await tabTo(helper, helper.getByRole('button', { name: `Help Ana${stamp} now` }));
    await helper.keyboard.press('Enter');

    // Acting for Ana: said on every screen, first in the tab order, one action back.
    await helper.waitForURL('**/dashboard');
    const banner = helper.getByRole('status').filter({ hasText: `You are helping Ana${stamp}.` });
    await banner.waitFor();
    await expectNoAxeViolations(helper, '/dashboard while helping');
    // Ana's earnings are never a supporter's to see.
    expect(await helper.getByRole('link', { name: 'Earnings', exact: true }).count()).toBe(0);
    await helper.keyboard.press('Tab');
    expect(await isFocused(helper, 'Back to my account')).toBe(true);
    // Only what Ana allowed: the chat is there; her profile, not allowed, says so; the account's
    // keys are never offered.
    await helper.getByRole('link', { name: 'Chat' }).first().waitFor();
    expect(await helper.getByRole('link', { name: 'Profile', exact: true }).count()).toBe(0);
    await helper.goto('/profile');
    await banner.waitFor();
    await helper
      .getByText('You are helping someone else: only they can do this, or they have not allowed you to.')
      .waitFor();
    expect(await helper.getByRole('link', { name: 'Edit my profile' }).count()).toBe(0);
    expect(await helper.getByRole('link', { name: 'Change password' }).count()).toBe(0);
    expect(await helper.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
    await expectNoAxeViolations(helper, '/profile while helping');
    // Bruno writes a post for Ana: it is Ana's.
    const helped = `Bruno wrote this for Ana ${stamp}`;
    await helper.goto('/feed');
    await tabTo(helper, helper.getByRole('link', { name: 'Write a post' }));
    await helper.keyboard.press('Enter');
    const writing = helper.getByRole('dialog', { name: 'Write a post' });
    await tabTo(helper, writing.getByLabel('What would you like to share? *'));
    await helper.keyboard.type(helped);
    await tabTo(helper, writing.getByRole('button', { name: 'Publish' }));
    await helper.keyboard.press('Enter');
    await helper.getByText('Your post has been published.').waitFor();
    await helper.getByRole('article').filter({ hasText: helped }).getByText(`Ana${stamp}`).first().waitFor();
    // And adds a picture to her gallery with the token the page acts with.
    const actingToken = await helper.evaluate(
      () => (JSON.parse(sessionStorage.getItem('acting') ?? '{}') as { access?: string }).access ?? '',
    );
    const picture = `Garden in spring ${stamp}`;
    await uploadGalleryImage(
      { ...bruno, access: actingToken },
      picture,
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3c8cc8' } })
        .jpeg()
        .toBuffer(),
    );
    await tabTo(helper, helper.getByRole('button', { name: 'Back to my account' }));
    await helper.keyboard.press('Enter');
    await helper.getByRole('heading', { level: 1, name: 'People who help' }).waitFor();
    await helper.getByRole('button', { name: `Help Ana${stamp} now` }).waitFor();
    expect(await banner.count()).toBe(0);

    // Ana sees which words went out in her name with help; nobody else is told.
    await page.goto('/feed');
    await page.getByRole('article').filter({ hasText: helped }).getByText('Written with help').waitFor();
    await expectNoAxeViolations(page, '/feed with a post written with help');
    // A picture is added rather than written, and says so.
    await page.goto('/gallery');
    await page.getByRole('listitem').filter({ hasText: picture }).getByText('Added with help').waitFor();
    expect(await page.getByText('Written with help').count()).toBe(0);
    await expectNoAxeViolations(page, '/gallery with a picture added with help');

    // Ana ends the help: at once, after a confirmation.
    await page.goto('/ajustes/apoyo');
    await page.getByText(/helps you since/).waitFor();
    // Ana's activity list says who did what in her account.
    await page
      .getByRole('region', { name: 'What your supporters did' })
      .getByRole('listitem')
      .filter({ hasText: `Bruno${stamp}` })
      .filter({ hasText: 'wrote a post' })
      .waitFor();
    await expectNoAxeViolations(page, '/ajustes/apoyo with the supporters’ activity');
    await tabTo(page, page.getByRole('button', { name: `End the help of Bruno${stamp}` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `End the help of Bruno${stamp}?` });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'ending a supporter’s help');
    await tabTo(page, dialog.getByRole('button', { name: 'End now' }));
    await page.keyboard.press('Enter');
    await page.getByText(`Bruno${stamp} no longer helps you.`).waitFor();
    await page.getByText('Nobody helps you yet.').waitFor();

    await helper.reload();
    await helper
      .getByText('You do not help anyone yet. When someone invites you, the invitation appears here.')
      .waitFor();
    await asAna.context.close();
    await asBruno.context.close();
  });
});
