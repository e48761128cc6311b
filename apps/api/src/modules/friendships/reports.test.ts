import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createMemberWithProfile, createReviewedMinor, sendForm } from '../../test-support/profiles';
import type { Member } from '../../test-support/profiles';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { REPORTS_PER_HOUR } from './report-gate';

/**
 * Issue 32 (9): a report needs a target that exists and that the reporter could see, the same
 * reporter's second report about it folds into the open one, and each reporter files a limited
 * number per hour.
 */
describe('reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.cleanup());

  const report = (reporter: Member, targetType: string, targetId: number, reason = 'harassment') =>
    t.app.inject({
      method: 'POST',
      url: '/api/reportes/',
      headers: { authorization: `Bearer ${reporter.access}`, 'accept-language': 'en' },
      payload: { target_type: targetType, target_id: targetId, reason },
    });
  const postBy = async (author: Member, text = 'A post') => {
    const created = await sendForm(t.app, author.access, 'POST', '/api/posts/', { text });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const storedBy = (reporter: Member) =>
    t.app.database.db.select().from(reports).where(eq(reports.reporterId, reporter.user.id));
  const reviewedMinor = () => createReviewedMinor(t.app);

  it('refuses reports about things that do not exist, stores none, and answers like an unknown address', async () => {
    const reporter = await createMemberWithProfile(t.app);
    const post = await postBy(await createMemberWithProfile(t.app));
    const answers = await Promise.all(
      [post + 1000, post + 1001, post + 1002].flatMap((id) => [
        report(reporter, 'post', id),
        report(reporter, 'comment', id),
        report(reporter, 'image', id),
        report(reporter, 'gallery_comment', id),
        report(reporter, 'member', id + 1_000_000),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(15).fill(404));
    expect(answers[0]?.json()).toMatchObject({
      code: 'not_found',
      error: 'There is nothing with this number that you can report.',
    });
    expect(await storedBy(reporter)).toHaveLength(0);
  });

  it('answers 404 to an adult stranger reporting a minor or her post, exactly as for an unknown id', async () => {
    const tess = await reviewedMinor();
    const tessPost = await postBy(tess, 'My drawing');
    const stranger = await createMemberWithProfile(t.app);
    const unknown = await report(stranger, 'post', tessPost + 5000);
    for (const answer of [
      await report(stranger, 'post', tessPost),
      await report(stranger, 'member', tess.user.id),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(await storedBy(stranger)).toHaveLength(0);
    // The control: a reviewed minor reaches Tess and may report her post.
    const peer = await reviewedMinor();
    expect((await report(peer, 'post', tessPost)).statusCode).toBe(201);
  });

  it('lets a member report someone she blocked, and what they posted', async () => {
    const victim = await createMemberWithProfile(t.app);
    const harasser = await createMemberWithProfile(t.app);
    const post = await postBy(harasser, 'Something nasty');
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/bloqueos/${harasser.user.id}/`,
      headers: { authorization: `Bearer ${victim.access}` },
    });
    expect(blocked.statusCode).toBe(201);
    expect((await report(victim, 'post', post)).statusCode).toBe(201);
    expect((await report(victim, 'member', harasser.user.id)).statusCode).toBe(201);
    // The harasser, blocked, can still report the victim (he knew of her); a stranger cannot learn more.
    expect((await report(harasser, 'member', victim.user.id)).statusCode).toBe(201);
  });

  it('folds a second report of the same target into the open one', async () => {
    const reporter = await createMemberWithProfile(t.app);
    const post = await postBy(await createMemberWithProfile(t.app));
    const first = await report(reporter, 'post', post);
    const second = await report(reporter, 'post', post, 'hate');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
    expect(await storedBy(reporter)).toHaveLength(1);
  });
});

describe('the report limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Counts for real: a few accounts only, the sign-up limit counts too.
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(async () => t.cleanup());

  it(`is ${REPORTS_PER_HOUR} reports an hour per reporter, folded ones included: then 429 with a translated message and Retry-After`, async () => {
    const [reporter, author, other] = await Promise.all([
      createMemberWithProfile(t.app),
      createMemberWithProfile(t.app),
      createMemberWithProfile(t.app),
    ]);
    const report = (who: Member, targetId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reportes/',
        headers: { authorization: `Bearer ${who.access}`, 'accept-language': 'en' },
        payload: { target_type: 'member', target_id: targetId, reason: 'spam' },
      });
    const statuses = [];
    for (let index = 0; index < REPORTS_PER_HOUR; index += 1)
      statuses.push((await report(reporter, author.user.id)).statusCode);
    expect(statuses).toEqual(Array(REPORTS_PER_HOUR).fill(201));
    const limited = await report(reporter, other.user.id);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      error: 'You have sent many reports in a short time. Please wait a while before sending another one.',
    });
    const stored = await t.app.database.db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, reporter.user.id));
    expect(stored).toHaveLength(1);
    // Another reporter is not held back by this one.
    expect((await report(other, author.user.id)).statusCode).toBe(201);
  });
});
