import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createMemberWithProfile, makeFriends } from '../../test-support/profiles';
import { testAppWithMembers } from '../../test-support/test-app-with-members';
import { createFriendshipsRepository } from './friendships.repository';

/**
 * Presence changes are told to many members' friends at once (issue 36): the statement for many
 * must answer for each member exactly what the one for a single member answers, the safeguarding
 * rule included (a block, a suspension), and a member with no friend gets an empty list.
 */
describe('the friends of many members at once', () => {
  const world = testAppWithMembers();

  it('are, for each member, the friends that member’s own lookup finds', async () => {
    const [ana, bruno, carla, dario, elena, loner] = await Promise.all(
      ['Ana', 'Bruno', 'Carla', 'Dario', 'Elena', 'Lone'].map((nombre) =>
        createMemberWithProfile(world.app, { nombre }),
      ),
    );
    const id = (member: typeof ana | undefined) => member?.user.id ?? 0;
    for (const friend of [bruno, carla, dario, elena]) await makeFriends(world.app, id(ana), id(friend));
    await makeFriends(world.app, id(bruno), id(carla));
    // Elena blocks Ana (the friendship ends), Dario is suspended (nobody reaches him).
    const blocked = await world.app.inject({
      method: 'POST',
      url: `/api/bloqueos/${id(ana)}/`,
      headers: { authorization: `Bearer ${elena?.access ?? ''}` },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    await world.app.database.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, id(dario)));

    const repository = createFriendshipsRepository(world.app.database.db);
    const members = [ana, bruno, carla, dario, elena, loner].map(id);
    const many = await repository.friendIdsOfEach(members, 500);
    for (const member of members)
      expect([...(many.get(member) ?? [])].sort(), `member ${member}`).toEqual(
        [...(await repository.friendIds(member, 500))].sort(),
      );
    expect([...(many.get(id(ana)) ?? [])].sort()).toEqual([id(bruno), id(carla)].sort());
    expect(many.get(id(loner))).toEqual([]);
    // The limit holds per member, not for the whole statement.
    const limited = await repository.friendIdsOfEach([id(ana), id(bruno)], 1);
    expect(limited.get(id(ana))).toHaveLength(1);
    expect(limited.get(id(bruno))).toHaveLength(1);
  });
});
