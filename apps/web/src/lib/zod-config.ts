import { config } from 'zod';

/*
 * Zod compiles object schemas with `new Function` when it may; the page's Content Security Policy
 * forbids eval (script-src without 'unsafe-eval'), so the first check of a form logged a CSP
 * violation in the browser's Issues panel (Lighthouse, best practices). The web app parses small
 * forms, where the interpreted path costs nothing visible; the server keeps the compiled one.
 */
config({ jitless: true });
