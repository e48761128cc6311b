import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { launchBrowser, newContext } from '../support/browser';
import { createMember, openAs } from '../support/members';

describe('routing and the auth guard (spec §2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser.close());

  it('protected routes redirect to /login without the access marker', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    for (const path of ['/dashboard', '/feed', '/perfil/7', '/monetizacion/historial-retiros']) {
      await page.goto(path);
      await page.waitForURL('**/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    }
    await expectNoAxeViolations(page, '/login after redirect');
    await context.close();
  });

  it('the landing page sends a signed-in member (access marker) to /feed', async () => {
    // A real member: a made-up token would be refused by the feed's own calls, which end the
    // session and move on to /login, so /feed would only be passed through.
    const { context, page } = await openAs(browser, await createMember('landing-redirect'), '/');
    await page.waitForURL('**/feed');
    await page.getByRole('heading', { level: 1, name: 'Feed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/feed');
    await context.close();
  });

  it('an unknown path shows a translated not-found page', async () => {
    const context = await newContext(browser, { consent: { advertising: false } });
    const page = await context.newPage();
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page, 'not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
