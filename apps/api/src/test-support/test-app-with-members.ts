import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppDependencies } from '../app';
import type { Config } from '../config';
import { createAdminWithProfile, createMemberWithProfile, type Member } from './profiles';
import { createListeningTestApp, createTestApp, type TestApp } from './test-app';

/** What a member's saved profile changes from `completeProfile()`, e.g. `{ nombre: 'Alba' }`. */
type ProfileFields = Record<string, string>;
/** Names a member may not have: the app's own. */
type NotTheAppsNames = { app?: never; config?: never };

export type TestAppSetUp<MemberName extends string, AdminName extends string> = {
  /** Members with a saved profile, by the names the tests call them. */
  members?: Record<MemberName, ProfileFields> & NotTheAppsNames;
  /** Administrators with a saved profile, made before the members. */
  admins?: Record<AdminName, ProfileFields> & NotTheAppsNames;
  /**
   * `createTestApp`'s environment; a function when it needs something an earlier `beforeAll` of the
   * block started (an SMTP receiver's URL): it is called when the app starts.
   */
  environment?: Record<string, string> | (() => Record<string, string>);
  dependencies?: AppDependencies;
  /** On a real port (`createListeningTestApp`): chat sockets need one, `inject` does not. */
  listening?: boolean;
};

/** The app and each named member; read them in tests and hooks, once the app has started. */
export type TestAppWithMembers<Name extends string> = {
  /** The running app: requests go in through `app.inject`, and `app.database.db` is its database. */
  readonly app: FastifyInstance;
  /** The configuration it started with (its DATA_DIR's paths, its secrets). */
  readonly config: Config;
} & { readonly [Each in Name]: Member };

/**
 * The set-up most API test files share, in one call inside a `describe`: before its tests, a test
 * app and the named members (and administrators), each with a saved profile; after them, the app
 * closed and its data removed.
 *
 *   const world = testAppWithMembers({ members: { author: { nombre: 'Alba' }, reader: {} } });
 *   it('…', async () => { await sendForm(world.app, world.author.access, …); });
 *
 * Its hooks are registered where it is called, and vitest runs `beforeAll` hooks in that order and
 * `afterAll` hooks in the reverse order: set-up written after the call (friendships, communities)
 * can use the members, and clean-up written after it (closing sockets) runs before the app closes.
 */
export function testAppWithMembers<MemberName extends string = never, AdminName extends string = never>(
  setUp: TestAppSetUp<MemberName, AdminName> = {},
): TestAppWithMembers<MemberName | AdminName> {
  let started: TestApp | undefined;
  const members = new Map<string, Member>();
  beforeAll(async () => {
    const environment = typeof setUp.environment === 'function' ? setUp.environment() : setUp.environment;
    const start = setUp.listening ? createListeningTestApp : createTestApp;
    started = await start(environment, setUp.dependencies);
    const app = started.app;
    for (const [name, profile] of Object.entries<ProfileFields>(setUp.admins ?? {}))
      members.set(name, await createAdminWithProfile(app, profile));
    for (const [name, profile] of Object.entries<ProfileFields>(setUp.members ?? {}))
      members.set(name, await createMemberWithProfile(app, profile));
  });
  // Also when a member could not be made: the app has started and must close.
  afterAll(async () => started?.cleanup());

  const notYet = (what: string) =>
    new Error(`${what} exists once the describe block's beforeAll has run: read it in a test or a hook`);
  const startedApp = () => {
    if (!started) throw notYet('The test app');
    return started;
  };
  const world = {
    get app() {
      return startedApp().app;
    },
    get config() {
      return startedApp().config;
    },
  };
  for (const name of [...Object.keys(setUp.admins ?? {}), ...Object.keys(setUp.members ?? {})])
    Object.defineProperty(world, name, {
      enumerable: true,
      get: () => {
        const member = members.get(name);
        if (!member) throw notYet(`Member ${name}`);
        return member;
      },
    });
  // The getters just defined are one per name of the set-up: the type the caller sees.
  return world as TestAppWithMembers<MemberName | AdminName>;
}
