import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type Language } from '@juntos/domain';
import { ADMIN_PATHS, PROTECTED_PATHS, PUBLIC_PATHS } from '../../apps/web/src/app/routes';
import { launchBrowser, newContext, baseUrl } from '../support/browser';
import {
  api,
  createMember,
  makeAdmin,
  makeFriends,
  publishPost,
  uploadGalleryImage,
  type Member,
} from '../support/members';
import {
  layoutShift,
  recordLayoutShifts,
  reflowBreaches,
  setTextSize,
  waitUntilSettled,
} from '../support/reflow';

/**
 * Issue 23: every route of the router, read from its own path table (so a new screen is walked
 * without editing this test), at 320×640 CSS px — the width of a 1280 px window zoomed to 400 % —
 * in all ten languages, with the text-size preference at 100 % and at 200 %: no sideways
 * scrolling, every link, button and field inside the screen, nothing drawn over anything else, and
 * on every route a cumulative layout shift of at most 0.05 while it loads and its data arrives.
 */

/**
 * REFLOW_LANGUAGES=de,el walks only those; unset, all ten. `npm test` walks German and
 * `npm run test:reflow`, a step of `.ci/run`, the other nine and the six layouts
 * (scripts/test-e2e-shards.mjs).
 */
const LANGUAGES = SUPPORTED_LANGUAGES.filter(
  (language) => !process.env.REFLOW_LANGUAGES || process.env.REFLOW_LANGUAGES.split(',').includes(language),
);
/** REFLOW_LAYOUTS=0 leaves out the German walk in six layouts (`npm test` does; `test:reflow` walks it). */
const WALK_LAYOUTS = process.env.REFLOW_LAYOUTS !== '0';
/** REFLOW_EASY_READ=1 walks every route in easy-read mode (issue 21: larger targets, pictograms, plain texts). */
const EASY_READ = process.env.REFLOW_EASY_READ === '1';
const PHONE = { width: 320, height: 640 };
const MAX_LAYOUT_SHIFT = 0.05;
/**
 * A walk visits some fifty pages and measures each in several layouts: a few minutes quietly, and
 * over five with two suites on two cores (it hit a 300-s guard there). A guard against a hang,
 * not a speed check.
 */
const WALK_TIMEOUT_MS = 1_200_000;
const photo = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const imageForm = (field: string, image: Buffer, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
};

/** A concrete address for each route with a parameter; a new parameterised route fails until added. */
function concretePath(route: string, samples: Record<string, string>) {
  if (!route.includes(':')) return route;
  const sample = samples[route];
  if (!sample) throw new Error(`${route} has a parameter: give it a sample address in reflow.e2e.ts`);
  return sample;
}

/** A window and a text size to measure a page in. */
type Layout = { width: number; height: number; textSize: number };
const layoutName = ({ width, height, textSize }: Layout) => `${width}×${height}, text ${textSize} %`;

type Finding = { route: string; layout: string; what: string };

/** Applies each layout in turn (window size, then text size) and collects what breaks. */
async function measure(page: Page, route: string, layouts: Layout[]) {
  const findings: Finding[] = [];
  for (const layout of layouts) {
    await page.setViewportSize({ width: layout.width, height: layout.height });
    await setTextSize(page, layout.textSize);
    for (const what of await reflowBreaches(page)) findings.push({ route, layout: layoutName(layout), what });
  }
  return findings;
}

/** Visits one address, measures its layout shift while it loads, then each layout. */
async function walk(page: Page, route: string, address: string, layouts: Layout[], settle = true) {
  const [first] = layouts;
  if (first) await page.setViewportSize({ width: first.width, height: first.height });
  await setTextSize(page, 100);
  await page.goto(address);
  if (settle) await waitUntilSettled(page);
  else await page.locator('main h1').first().waitFor();
  const findings: Finding[] = [];
  const shift = await layoutShift(page);
  if (shift.total > MAX_LAYOUT_SHIFT)
    findings.push({
      route,
      layout: 'loading',
      what: `layout shift ${shift.total.toFixed(3)} (${shift.sources.slice(0, 4).join('; ')})`,
    });
  try {
    return [...findings, ...(await measure(page, route, layouts))];
  } catch (error) {
    // A page that loads another document by itself after it settled (a sign-out, a reload) ends
    // the measuring; name the route and where it went instead of failing without either.
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForLoadState();
    return [...findings, { route, layout: 'measuring', what: `the page went to ${page.url()} by itself` }];
  }
}

/**
 * A phone's network (150 ms per request): parts of a page then arrive one by one, in the order a
 * member sees them, and a part drawn below another that is still loading shows up as a shift.
 */
async function slowDown(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

async function login(member: Member) {
  const response = await fetch(`${baseUrl()}/api/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

describe('reflow at 320 px, text at 200 %, and layout shift (issue 23)', () => {
  let browser: Browser;
  let member: Member;
  let samples: Record<string, string>;

  beforeAll(async () => {
    browser = await launchBrowser();
    // A member with something on every screen: a disease and its community, a friend with posts
    // and a photo, a gallery, a notification; and an operator, so the operators' screens are drawn.
    const orphacode = '586';
    member = await createMember('reflow', {
      nombre: 'Konstantinopoulou-Aikaterini',
      apellidos: 'Donaudampfschifffahrtsgesellschaft',
      enfermedad: 'Cystic fibrosis',
      orphacode,
    });
    await makeAdmin(member);
    const friend = await createMember('reflow-friend', {
      nombre: 'Bartholomäus',
      enfermedad: 'Cystic fibrosis',
      orphacode,
    });
    await makeFriends(member, friend);
    // Photos larger than a phone's screen, as members' are: they must reserve their space.
    await api(
      member,
      'PUT',
      '/profile/',
      imageForm('photo', await photo(900, 1200, '#3a7d44'), {
        nombre: 'Konstantinopoulou-Aikaterini',
        apellidos: 'Donaudampfschifffahrtsgesellschaft',
        country: 'de',
        date_of_birth: '1985-03-02',
        enfermedad: 'Cystic fibrosis',
        orphacode,
      }),
    );
    await api(
      friend,
      'POST',
      '/posts/',
      imageForm('image', await photo(1600, 900, '#2255aa'), {
        text: 'Heute war ein guter Tag im Krankenhaus: Physiotherapie, Inhalation und ein langer Spaziergang.',
      }),
    );
    await publishPost(member, {
      text: 'Ein Beitrag mit einem sehr langen Wort: Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz.',
    });
    await uploadGalleryImage(member, 'Sommer', await photo(1200, 800, '#996633'));
    const community = (await api(member, 'GET', `/comunidades/enfermedad/${orphacode}/`)) as { id: number };
    await api(member, 'POST', `/comunidades/${community.id}/unirse/`);
    // The directory is seeded by the server at start: its first association and project.
    const [association] = (await api(member, 'GET', '/recursos/asociaciones/')) as { id: number }[];
    const [project] = (await api(member, 'GET', '/recursos/proyectos/')) as { id: number }[];
    samples = {
      '/politica/:document': '/politica/privacy',
      '/baja/:token': '/baja/this-link-is-not-signed',
      '/perfil/:id': `/perfil/${friend.id}`,
      '/perfil/metodo-pago/:metodo': '/perfil/metodo-pago/paypal',
      '/comunidades/:id': `/comunidades/${community.id}`,
      '/comunidades/enfermedad/:orphacode': `/comunidades/enfermedad/${orphacode}`,
      '/recursos/asociaciones/:id': `/recursos/asociaciones/${association?.id ?? 1}`,
      '/recursos/proyectos/:id': `/recursos/proyectos/${project?.id ?? 1}`,
      // An address no invitation has: the page says so.
      '/representantes/invitacion/:token': '/representantes/invitacion/no-such-invitation-token-000',
    };
  });
  afterAll(async () => browser.close());

  /** Every route of the router, the cookie dialog, the menus and the display settings. */
  async function walkEverything(
    language: Language,
    layouts: Layout[],
    options: { slowNetwork?: boolean } = {},
  ) {
    const findings: Finding[] = [];
    const storage = {
      i18nextLng: language,
      ...(EASY_READ ? { display_preferences: JSON.stringify({ easyRead: true }) } : {}),
    };
    const [first] = layouts;
    const viewport = first ? { width: first.width, height: first.height } : PHONE;

    const visitor = await newContext(browser, {
      locale: language,
      viewport,
      consent: { advertising: false },
      localStorage: storage,
    });
    await recordLayoutShifts(visitor);
    const visitorPage = await visitor.newPage();
    if (options.slowNetwork) await slowDown(visitorPage);
    for (const route of PUBLIC_PATHS)
      findings.push(...(await walk(visitorPage, route, concretePath(route, samples), layouts)));
    await visitor.close();

    // A first visit: the cookie dialog over the landing page must reflow too.
    const newcomer = await newContext(browser, {
      locale: language,
      viewport,
      consent: false,
      localStorage: storage,
    });
    const newcomerPage = await newcomer.newPage();
    await newcomerPage.goto('/');
    await newcomerPage.getByRole('dialog').waitFor();
    findings.push(...(await measure(newcomerPage, '/ (cookie dialog)', layouts)));
    await newcomer.close();

    // Each walk signs in afresh: it ends on /logout, which ends that session.
    const tokens = await login(member);
    const signedIn = await newContext(browser, {
      locale: language,
      viewport,
      consent: { advertising: false },
      localStorage: { ...storage, access: tokens.access, refresh: tokens.refresh },
    });
    await recordLayoutShifts(signedIn);
    const page = await signedIn.newPage();
    if (options.slowNetwork) await slowDown(page);
    const routes = [...PROTECTED_PATHS, ...ADMIN_PATHS].filter((route) => route !== '/logout');
    for (const route of routes)
      findings.push(...(await walk(page, route, concretePath(route, samples), layouts)));

    // The phone's "more" menu (or the compact frame's menu) and the display settings, open.
    await page.goto('/feed');
    await waitUntilSettled(page);
    const more = page.locator('.member-nav button[aria-expanded]');
    const settings = page.locator('button[aria-haspopup="dialog"]');
    for (const layout of layouts) {
      await page.setViewportSize({ width: layout.width, height: layout.height });
      await setTextSize(page, layout.textSize);
      if (await more.isVisible()) {
        await more.click();
        findings.push(...(await measure(page, '/feed (menu open)', [layout])));
        await more.click();
      }
      // In the compact frame the display settings are inside the menu.
      const folded = !(await settings.isVisible());
      if (folded) await more.click();
      try {
        await settings.click({ timeout: 5000 });
      } catch {
        findings.push({
          route: '/feed',
          layout: layoutName(layout),
          what: 'the display settings cannot be opened',
        });
        continue;
      }
      await page.getByRole('dialog').waitFor();
      findings.push(...(await measure(page, '/feed (display settings)', [layout])));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      if (folded) await more.click();
    }
    findings.push(...(await walk(page, '/logout', '/logout', layouts, false)));
    await signedIn.close();
    return findings;
  }

  /** Fails with every breach in full (an array diff would be cut short). */
  function expectNoBreaches(label: string, findings: Finding[]) {
    const report = findings.map((finding) => `${finding.route} [${finding.layout}]: ${finding.what}`);
    expect(report.length, `${label}:\n${report.join('\n')}`).toBe(0);
  }

  it.each(LANGUAGES)(
    'every route reflows at 320 px and holds still, in %s',
    async (language) => {
      expectNoBreaches(
        language,
        await walkEverything(language, [
          { ...PHONE, textSize: 100 },
          { ...PHONE, textSize: 200 },
        ]),
      );
    },
    WALK_TIMEOUT_MS,
  );

  it.runIf(WALK_LAYOUTS)(
    'every route reflows at 320, 375 and 1280 px with text at 150 and 200 %, in a window zoomed to 400 %, and holds still on a slow network (German)',
    async () => {
      expectNoBreaches(
        'de',
        await walkEverything(
          'de',
          [
            { width: 320, height: 640, textSize: 150 },
            { width: 375, height: 667, textSize: 150 },
            { width: 375, height: 667, textSize: 200 },
            { width: 1280, height: 800, textSize: 150 },
            { width: 1280, height: 800, textSize: 200 },
            // A 1280×900 window at 400 % zoom lays pages out in 320×225 CSS px.
            { width: 320, height: 225, textSize: 100 },
          ],
          { slowNetwork: true },
        ),
      );
    },
    WALK_TIMEOUT_MS,
  );
});
