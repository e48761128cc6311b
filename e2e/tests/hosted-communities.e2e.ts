import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabTo } from '../support/accounts';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { waitForEmail } from '../support/mail';
import { api, createMember, makeAdmin, makeRepresentative, openAs } from '../support/members';

/**
 * Issue 35 point 1: an administrator makes an association the host of a community, invites a
 * representative who accepts and is confirmed; the representative writes the rules; the
 * community page says who hosts it; a member joins by reading and accepting the rules.
 */
/** An administrator, and a community and an association of their own, so no other journey meets them. */
async function communityAndAssociation(label: string) {
  const stamp = `${label}${String(Date.now()).slice(-6)}`;
  const admin = await createMember(`hosts-admin-${label}`, { nombre: `Admin${stamp}` });
  await makeAdmin(admin);
  const communityName = `Hiking ${stamp}`;
  const community = (await api(admin, 'POST', '/admin/comunidades/', {
    slug: `hiking-${stamp}`,
    name: { es: `Senderismo ${stamp}`, en: communityName },
    description: { es: 'Caminar juntos.', en: 'Walking together.' },
  })) as { id: number };
  const associationName = `Walkers Association ${stamp}`;
  const association = (await api(admin, 'POST', '/admin/recursos/asociaciones/', {
    name: associationName,
    pais: 'es',
    ciudad: 'Madrid',
    enlace: 'https://example.org/walkers',
    descripcion: { en: 'People who walk with a rare disease.' },
  })) as { id: number };
  return { stamp, admin, communityName, community, associationName, association };
}

describe('communities hosted by associations (issue 35)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('an administrator links an association and invites its representative, who accepts and is confirmed', async () => {
    const { stamp, admin, communityName, community, associationName, association } =
      await communityAndAssociation('a');
    // The administrator links them on the communities screen, by keyboard.
    const asAdmin = await openAs(browser, admin, '/admin/comunidades');
    await asAdmin.page.getByRole('heading', { level: 1, name: 'Communities' }).waitFor();
    const picker = asAdmin.page.getByLabel(`Host of ${communityName}`);
    await tabTo(asAdmin.page, picker);
    await picker.selectOption(String(association.id));
    await tabTo(asAdmin.page, asAdmin.page.getByRole('button', { name: `Save host ${communityName}` }));
    await asAdmin.page.keyboard.press('Enter');
    await asAdmin.page.getByText(`${associationName} now hosts ${communityName}.`).waitFor();
    await expectNoAxeViolations(asAdmin.page, '/admin/comunidades with a host');

    // … and invites a representative from the association's page.
    const rosa = await createMember('hosts-rosa', { nombre: `Rosa${stamp}` });
    await asAdmin.page.goto(`/recursos/asociaciones/${association.id}`);
    await asAdmin.page.getByRole('heading', { level: 1, name: associationName }).waitFor();
    await asAdmin.page.getByRole('link', { name: communityName }).waitFor();
    await expectNoAxeViolations(asAdmin.page, 'association page, administrator');
    const since = Date.now();
    await tabTo(asAdmin.page, asAdmin.page.getByLabel('E-mail address'));
    await asAdmin.page.keyboard.type(rosa.email);
    await asAdmin.page.keyboard.press('Enter');
    await asAdmin.page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${rosa.email}.` })
      .waitFor();

    // Rosa gets a real e-mail; its link opens the invitation, which she accepts.
    const mail = await waitForEmail(rosa.email, since);
    expect(mail).toContain(associationName);
    const link = /(\/representantes\/invitacion\/[\w-]+)/.exec(mail)?.[1];
    expect(link).toBeDefined();
    const asRosa = await openAs(browser, rosa, link ?? '/');
    await asRosa.page
      .getByRole('heading', { level: 1, name: 'Invitation to represent an organisation' })
      .waitFor();
    await asRosa.page.getByRole('link', { name: associationName }).waitFor();
    await expectNoAxeViolations(asRosa.page, 'invitation page');
    await tabTo(asRosa.page, asRosa.page.getByRole('button', { name: 'Accept the invitation' }));
    await asRosa.page.keyboard.press('Enter');
    await asRosa.page
      .getByRole('status')
      .filter({ hasText: 'Thank you. An administrator will confirm your role soon.' })
      .waitFor();

    // The administrator confirms her.
    await asAdmin.page.goto('/admin/representantes');
    await asAdmin.page.getByRole('heading', { level: 1, name: 'Representatives of organisations' }).waitFor();
    const row = asAdmin.page.getByRole('row').filter({ hasText: associationName });
    await row.getByText('Accepted, to confirm').waitFor();
    await expectNoAxeViolations(asAdmin.page, '/admin/representantes');
    await tabTo(asAdmin.page, row.getByRole('button', { name: /^Confirm / }));
    await asAdmin.page.keyboard.press('Enter');
    await asAdmin.page.getByText('Representative confirmed.').waitFor();
    await asAdmin.context.close();

    // Rosa now hosts the community.
    await asRosa.page.goto(`/comunidades/${community.id}`);
    await asRosa.page.getByRole('heading', { level: 1, name: communityName }).waitFor();
    await asRosa.page.getByText('You host it').waitFor();
    await asRosa.context.close();
  });

  it('the representative writes the rules; a member sees the host and joins by accepting them', async () => {
    const { stamp, admin, communityName, community, associationName, association } =
      await communityAndAssociation('b');
    await api(admin, 'PUT', `/admin/comunidades/${community.id}/anfitrion/`, {
      association_id: association.id,
    });
    const rosa = await createMember('hosts-rosa', { nombre: `Rosa${stamp}` });
    await makeRepresentative(admin, rosa, 'asociaciones', association.id);

    // Rosa hosts the community: she writes its rules on its page.
    const asRosa = await openAs(browser, rosa, `/comunidades/${community.id}`);
    await asRosa.page.getByRole('heading', { level: 1, name: communityName }).waitFor();
    await asRosa.page.getByText('You host it').waitFor();
    await tabTo(asRosa.page, asRosa.page.getByRole('button', { name: 'Edit the rules' }));
    await asRosa.page.keyboard.press('Enter');
    const editor = asRosa.page.getByRole('dialog', { name: `Rules of ${communityName}` });
    await editor.waitFor();
    await expectNoAxeViolations(asRosa.page, 'rules editor');
    await tabTo(asRosa.page, editor.getByLabel('Rules'));
    await asRosa.page.keyboard.type(`Be kind ${stamp}. No advertising.`);
    await tabTo(asRosa.page, editor.getByRole('button', { name: 'Save the rules' }));
    await asRosa.page.keyboard.press('Enter');
    await asRosa.page.getByRole('status').filter({ hasText: 'Rules saved.' }).waitFor();
    await asRosa.page.getByText(`Be kind ${stamp}. No advertising.`).waitFor();
    await asRosa.context.close();

    // A member sees who hosts the community and joins by accepting the rules.
    const member = await createMember('hosts-member', { nombre: `Teo${stamp}` });
    const { context, page } = await openAs(browser, member, `/comunidades/${community.id}`);
    await page.getByRole('heading', { level: 1, name: communityName }).waitFor();
    const hostLink = page.getByRole('link', { name: associationName });
    expect(await hostLink.getAttribute('href')).toBe(`/recursos/asociaciones/${association.id}`);
    await page.getByText('Hosted by').waitFor();
    await expectNoAxeViolations(page, 'hosted community page');
    await tabTo(page, page.getByRole('button', { name: `Join ${communityName}` }));
    await page.keyboard.press('Enter');
    const joining = page.getByRole('dialog', { name: `Join ${communityName}` });
    await joining.getByText(`Be kind ${stamp}. No advertising.`).waitFor();
    await expectNoAxeViolations(page, 'join dialog with the rules');
    // Joining without ticking the box is refused with a message beside it.
    await tabTo(page, joining.getByRole('button', { name: 'Join' }));
    await page.keyboard.press('Enter');
    await joining.getByText('Tick the box to accept the rules.').waitFor();
    const accept = joining.getByRole('checkbox', { name: 'I have read the rules and I accept them' });
    await tabTo(page, accept);
    await page.keyboard.press('Space');
    await tabTo(page, joining.getByRole('button', { name: 'Join' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `You joined ${communityName}.` })
      .waitFor();
    await page.getByText('You are a member').waitFor();
    await expectNoAxeViolations(page, 'hosted community, joined');

    // The association's page lists its community and its representative.
    await page.goto(`/recursos/asociaciones/${association.id}`);
    await page.getByRole('link', { name: communityName }).waitFor();
    await page.getByRole('link', { name: `Rosa${stamp}` }).waitFor();
    await expectNoAxeViolations(page, 'association page, member');
    await context.close();
  });
});
