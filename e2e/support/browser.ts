import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium-path';
import { CHROMIUM_FLAGS } from './find-browser.mjs';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS,
  });
}

export const baseUrl = () => inject('baseUrl');

type ContextOptions = {
  /** Browser language (navigator.language); default en-GB. */
  locale?: string;
  /** A consent record already given in this session; false for a first visit. */
  consent?: { advertising: boolean } | false;
  /** localStorage entries set before any page script runs (first navigation only). */
  localStorage?: Record<string, string>;
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * Off unless a test is about the installable app: a page a service worker controls fetches its
   * scripts through the worker's cache, which `page.route` never sees, so a journey that slows
   * down or refuses a file (landing.e2e.ts) would test the cache instead.
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * `localhost` opens the same server by name instead of by IP address: WebAuthn (passkeys) needs
   * a domain, and an IP address cannot be a relying party.
   */
  host?: 'localhost';
  /**
   * The script that stands in for the browser's on-device Translator (issue 37). Chromium has one
   * whose language models depend on the machine, so a context has none unless a test gives it
   * its own stand-in (translation.e2e.ts).
   */
  deviceTranslator?: string;
};

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: options.host === 'localhost' ? baseUrl().replace('127.0.0.1', 'localhost') : baseUrl(),
    locale: options.locale ?? 'en-GB',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const seed = {
    consent: options.consent ? { functional: true, advertising: options.consent.advertising } : null,
    local: options.localStorage ?? {},
  };
  // Seeds storage once per tab, so a test can still change it and reload.
  await context.addInitScript((s: typeof seed) => {
    if (window.sessionStorage.getItem('__seeded')) return;
    window.sessionStorage.setItem('__seeded', '1');
    if (s.consent) window.sessionStorage.setItem('cookieConsent', JSON.stringify(s.consent));
    for (const [key, value] of Object.entries(s.local)) window.localStorage.setItem(key, value);
  }, seed);
  await context.addInitScript(options.deviceTranslator ?? 'delete window.Translator;');
  await context.addInitScript(recordPolicyViolations);
  return context;
}

/**
 * Keeps each Content Security Policy violation of the document in `window.__cspViolations`: the
 * page check (support/axe.ts) fails on any. A refused script or style is a feature that does not
 * work for a member, and even a refusal a library swallows (zod's probe for `new Function`) is
 * reported in the browser's Issues panel.
 */
function recordPolicyViolations() {
  const violations: string[] = [];
  Object.assign(window, { __cspViolations: violations });
  document.addEventListener('securitypolicyviolation', (event) => {
    violations.push(`${event.violatedDirective} refused ${event.blockedURI} in ${event.sourceFile}`);
  });
}

/** Collects console messages and page errors, so a test can assert on warnings and on no crash. */
export function watchConsole(page: Page) {
  const messages: { type: string; text: string }[] = [];
  page.on('console', (message) => messages.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => messages.push({ type: 'pageerror', text: error.message }));
  return messages;
}
