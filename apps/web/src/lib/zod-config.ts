/*
 * Zod compiles object schemas with `new Function` when it may, and probes whether it may by
 * calling `new Function("")` as each object schema is built. The page's Content Security Policy
 * forbids eval (script-src without 'unsafe-eval'), so the probe was refused and logged as a CSP
 * violation in the browser's Issues panel (Lighthouse, best practices) on every signed-in page.
 *
 * `config({ jitless: true })` comes too late: the shared chunk builds the domain's schemas while
 * it is evaluated, before any module that imports it runs. Zod reads its settings from
 * `globalThis.__zod_globalConfig` and keeps an object already there, so this module, which
 * imports nothing, sets it first (main.tsx imports it before anything else). The web app parses
 * small forms and answers, where the interpreted path costs nothing visible; the server keeps the
 * compiled one.
 */
type ZodGlobalConfig = { jitless?: boolean };
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
