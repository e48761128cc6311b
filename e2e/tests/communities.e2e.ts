import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bornYearsAgo,
  todayIso,
  type CommunityDetail,
  type Page as ListPage,
  type Post,
} from '@juntos/domain';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { api, createMember, makeAdmin, openAs, registerMinor, type Member } from '../support/members';

/** Cystic fibrosis (ORPHA 586) for the journey; Marfan syndrome (558) for the age groups. */
const CYSTIC_FIBROSIS = { enfermedad: 'Cystic fibrosis', orphacode: '586' };
const MARFAN = { enfermedad: 'Marfan syndrome', orphacode: '558' };

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** Opens (and so creates) the disease community, joins it and returns its id. */
async function joinDiseaseCommunity(member: Member, orphacode: string) {
  const community = (await api(member, 'GET', `/comunidades/enfermedad/${orphacode}/`)) as CommunityDetail;
  await api(member, 'POST', `/comunidades/${community.id}/unirse/`);
  return community.id;
}

const communityPosts = async (member: Member, id: number) =>
  ((await api(member, 'GET', `/comunidades/${id}/publicaciones/?limit=50`)) as ListPage<Post>).results;

const article = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe('communities (issue 18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('a member joins the community of their disease and posts; another replies; the first is told; a moderator pins and hides', async () => {
    const stamp = String(Date.now()).slice(-6);
    const ana = await createMember('community-ana', { nombre: `Ana${stamp}`, ...CYSTIC_FIBROSIS });
    const { context, page } = await openAs(browser, ana, '/comunidades');
    await page.getByRole('heading', { level: 1, name: 'Communities' }).waitFor();
    const suggested = page.getByRole('region', { name: 'Suggested for you' });
    const card = suggested.getByRole('article').filter({ hasText: 'Cystic fibrosis' });
    await card.waitFor();
    await expectNoAxeViolations(page, '/comunidades');

    await tabTo(page, card.getByRole('button', { name: 'Join Cystic fibrosis' }));
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'You joined Cystic fibrosis.' }).waitFor();
    const mine = page.getByRole('region', { name: 'My communities' });
    await mine.getByRole('link', { name: 'Cystic fibrosis' }).waitFor();
    await expectNoAxeViolations(page, '/comunidades after joining');

    await tabTo(page, mine.getByRole('link', { name: 'Cystic fibrosis' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Cystic fibrosis' }).waitFor();
    await page.waitForURL(/\/comunidades\/\d+$/);
    const communityId = Number(new URL(page.url()).pathname.split('/').pop());
    // Unlisted until the member chooses; the switch says why it matters.
    const listed = page.getByRole('switch', { name: 'Show me in the member list' });
    expect(await listed.getAttribute('aria-checked')).toBe('false');
    await expectNoAxeViolations(page, 'community page');

    await tabTo(page, page.getByRole('button', { name: 'Write a post' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New post in Cystic fibrosis' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'community composer');
    await tabTo(page, dialog.getByLabel('What would you like to share? *'));
    await page.keyboard.type(`Hello from Ana ${stamp}`);
    await tabTo(page, dialog.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    await page.getByText('Your post is published.').waitFor();
    await article(page, `Hello from Ana ${stamp}`).waitFor();

    // Bruno has the same disease: the community is suggested to him too; he joins and replies.
    const bruno = await createMember('community-bruno', { nombre: `Bruno${stamp}`, ...CYSTIC_FIBROSIS });
    await api(bruno, 'POST', `/comunidades/${communityId}/unirse/`);
    const asBruno = await openAs(browser, bruno, `/comunidades/${communityId}`);
    const anaPost = article(asBruno.page, `Hello from Ana ${stamp}`);
    await anaPost.waitFor();
    await anaPost.getByRole('button', { name: /Comments/ }).click();
    await anaPost.getByLabel('Write a comment').fill(`Welcome, Ana! ${stamp}`);
    await asBruno.page.keyboard.press('Enter');
    await anaPost.getByText(`Welcome, Ana! ${stamp}`).waitFor();
    await asBruno.context.close();

    // Ana hears of it in her notification centre (issue 20), which leads to the community.
    await page.goto('/notificaciones');
    const told = page.getByRole('link', { name: `Unread: Bruno${stamp} answered your post in a community` });
    await told.waitFor();
    expect(await told.getAttribute('href')).toBe(`/comunidades/${communityId}`);

    // An administrator appoints Carla; she pins Ana's post and hides Bruno's reply that Ana reported.
    const carla = await createMember('community-carla', { nombre: `Carla${stamp}` });
    const admin = await createMember('community-admin', { nombre: `Dora${stamp}` });
    await makeAdmin(admin);
    const asAdmin = await openAs(browser, admin, '/admin/comunidades');
    await asAdmin.page.getByRole('heading', { level: 1, name: 'Communities' }).waitFor();
    await expectNoAxeViolations(asAdmin.page, '/admin/comunidades');
    const appoint = asAdmin.page.getByLabel('Member number of the new moderator of Cystic fibrosis');
    await tabTo(asAdmin.page, appoint);
    await asAdmin.page.keyboard.type(String(carla.id));
    await asAdmin.page.keyboard.press('Enter');
    await asAdmin.page.getByText('The member is now a moderator.').waitFor();
    await asAdmin.context.close();

    const [post] = (await communityPosts(ana, communityId)).filter((one) => one.text.includes(stamp));
    const reply = post?.comments.find((comment) => comment.text.includes('Welcome, Ana!'));
    expect(reply).toBeDefined();
    await api(ana, 'POST', '/reportes/', {
      target_type: 'comment',
      target_id: reply?.id,
      reason: 'spam',
      details: '',
    });

    const asCarla = await openAs(browser, carla, `/comunidades/${communityId}`);
    const pinned = article(asCarla.page, `Hello from Ana ${stamp}`);
    await tabTo(asCarla.page, pinned.getByRole('button', { name: 'Pin', exact: true }));
    await asCarla.page.keyboard.press('Enter');
    await pinned.getByText('Pinned post').waitFor();
    await expectNoAxeViolations(asCarla.page, 'community page, moderator');

    await tabTo(asCarla.page, asCarla.page.getByRole('link', { name: 'Reports to check' }));
    await asCarla.page.keyboard.press('Enter');
    await asCarla.page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const report = asCarla.page.getByRole('article').filter({ hasText: `Welcome, Ana! ${stamp}` });
    await tabTo(asCarla.page, report.getByRole('button', { name: 'Hide the content' }));
    await asCarla.page.keyboard.press('Enter');
    await asCarla.page.getByText('The content is hidden.', { exact: false }).waitFor();
    await expectNoAxeViolations(asCarla.page, '/admin/moderacion, community moderator');
    await asCarla.context.close();

    const [after] = (await communityPosts(ana, communityId)).filter((one) => one.text.includes(stamp));
    expect(after?.pinned).toBe(true);
    expect(after?.comments.some((comment) => comment.text.includes('Welcome, Ana!'))).toBe(false);
    await context.close();
  });

  it('a minor and an adult of the same disease community never see each other’s posts', async () => {
    const stamp = String(Date.now()).slice(-6);
    const adult = await createMember('community-adult', { nombre: `Elena${stamp}`, ...MARFAN });
    // Ages from today, well inside the minors' range, so the test never ages out of it.
    const minor = await registerMinor(`Mia${stamp}`, bornYearsAgo(todayIso(), 14), MARFAN);
    const admin = await createMember('community-minors-admin');
    await makeAdmin(admin);
    await api(admin, 'POST', `/admin/minors/${minor.id}/approve/`);
    const otherMinor = await registerMinor(`Leo${stamp}`, bornYearsAgo(todayIso(), 15, -120), MARFAN);
    await api(admin, 'POST', `/admin/minors/${otherMinor.id}/approve/`);

    const id = await joinDiseaseCommunity(adult, MARFAN.orphacode);
    await joinDiseaseCommunity(minor, MARFAN.orphacode);
    await joinDiseaseCommunity(otherMinor, MARFAN.orphacode);
    await api(adult, 'POST', `/comunidades/${id}/publicaciones/`, form({ text: `Adult news ${stamp}` }));
    await api(minor, 'POST', `/comunidades/${id}/publicaciones/`, form({ text: `Minor news ${stamp}` }));

    const asAdult = await openAs(browser, adult, `/comunidades/${id}`);
    await article(asAdult.page, `Adult news ${stamp}`).waitFor();
    expect(await article(asAdult.page, `Minor news ${stamp}`).count()).toBe(0);
    expect(await asAdult.page.getByText("You are in the young people's space").count()).toBe(0);
    await expectNoAxeViolations(asAdult.page, 'community page, adult');
    await asAdult.context.close();

    const asMinor = await openAs(browser, otherMinor, `/comunidades/${id}`);
    await article(asMinor.page, `Minor news ${stamp}`).waitFor();
    expect(await article(asMinor.page, `Adult news ${stamp}`).count()).toBe(0);
    // Issue 34: the young member is told where they are and who reads what they write.
    const told = asMinor.page.getByRole('status').filter({ hasText: "You are in the young people's space" });
    await told.getByText('Adults in this community do not see you or what you write here.').waitFor();
    await expectNoAxeViolations(asMinor.page, 'community page, minor');
    await asMinor.context.close();

    // The API answers the same, whatever the screen shows.
    const adultSees = (await communityPosts(adult, id)).map((post) => post.text);
    const minorSees = (await communityPosts(otherMinor, id)).map((post) => post.text);
    expect(adultSees).not.toContain(`Minor news ${stamp}`);
    expect(minorSees).not.toContain(`Adult news ${stamp}`);
  });

  it('on a phone the bottom bar keeps five places: Communities, and "More" for the rest', async () => {
    const member = await createMember('community-phone');
    const { context, page } = await openAs(browser, member, '/comunidades', {
      viewport: { width: 375, height: 740 },
    });
    await page.getByRole('heading', { level: 1, name: 'Communities' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const visible = await nav.locator('.member-nav__list > li:visible').count();
    expect(visible).toBe(5);
    await nav.getByRole('link', { name: 'Communities' }).waitFor();
    const more = nav.getByRole('button', { name: 'More' });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    // React renders after the key press: wait for the panel, then read the state it announces.
    const gallery = nav.getByRole('link', { name: 'Gallery' });
    await gallery.waitFor();
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page, '/comunidades on a phone, "More" open');
    await page.keyboard.press('Escape');
    await gallery.waitFor({ state: 'hidden' });
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
