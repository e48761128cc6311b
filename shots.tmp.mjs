import { chromium } from 'playwright-core';
const base = 'http://localhost:8123';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function session(email, width, scheme) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, locale: 'en-GB' });
  if (scheme === 'dark')
    await context.addInitScript(() => localStorage.setItem('display_preferences', JSON.stringify({ dark: true })));
  const page = await context.newPage();
  await page.goto(base + '/login');
  const save = page.getByRole('button', { name: 'Save my choice' });
  await save.click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Demo-Juntos-2026!');
  await page.getByRole('button', { name: /sign in|log in/i }).first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}
const studyId = process.argv[2];
for (const [width, label] of [[390, 'phone'], [1280, 'desktop']]) {
  for (const scheme of ['light', 'dark']) {
    const a = await session('antoine@demo.juntos.example', width, scheme);
    await a.page.goto(`${base}/recursos/proyectos/${studyId}`);
    await a.page.getByRole('heading', { name: 'Members who could take part' }).waitFor();
    await a.page.waitForTimeout(500);
    await a.page.screenshot({ path: `/tmp/shots/study-${label}-${scheme}.png`, fullPage: true });
    await a.context.close();
    const l = await session('lucia@demo.juntos.example', width, scheme);
    await l.page.goto(`${base}/recursos/para-ti`);
    await l.page.getByText('Call for participants, sent on', { exact: false }).first().waitFor();
    await l.page.waitForTimeout(500);
    await l.page.screenshot({ path: `/tmp/shots/foryou-${label}-${scheme}.png`, fullPage: true });
    await l.context.close();
  }
}
await browser.close();
