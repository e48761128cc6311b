import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { associationCommunities, communityModerators, directoryRepresentatives } from './schema';

/**
 * The one definition of "the communities a member moderates" (issues 18 and 35): those an
 * administrator appointed them to, and those hosted by an association they are a confirmed
 * representative of (decision 0040). The moderation guard reads a member's scope from it, and so
 * do the community answer's `is_moderator` and `/api/me`'s `moderates`, so a host moderates
 * exactly as an appointed moderator does: the same queue, the same actions, the same age-group
 * and block rule (`moderatorMayActOn` in the moderation repository), and pinning. Both halves are
 * index lookups: the moderators' user index, the representatives' (user, state) index and the
 * link's primary key.
 */
export function moderatedCommunityIds(userId: number | Placeholder | AnyColumn): SQL<number> {
  return sql<number>`(select ${communityModerators.communityId} from ${communityModerators}
      where ${communityModerators.userId} = ${userId}
    union ${hostedCommunityIds(userId)})`;
}

/** The communities a member hosts: those of the associations they confirmedly represent. */
export function hostedCommunityIds(userId: number | Placeholder | AnyColumn): SQL<number> {
  return sql<number>`(select ${associationCommunities.communityId} from ${associationCommunities}
      inner join ${directoryRepresentatives}
        on ${directoryRepresentatives.associationId} = ${associationCommunities.associationId}
      where ${directoryRepresentatives.userId} = ${userId}
        and ${directoryRepresentatives.state} = 'confirmed')`;
}

/**
 * The same communities as one array value, smallest id first, for a statement that reads one
 * member's row (`/api/me` selects it with the account, profile repository).
 */
export function moderatedCommunityIdList(userId: AnyColumn): SQL<number[]> {
  return sql<
    number[]
  >`array(select moderated.id from ${moderatedCommunityIds(userId)} as moderated(id) order by 1)`.mapWith(
    (ids: (number | string)[]) => ids.map(Number),
  );
}
