import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { LIVE_REPRESENTATIVE_STATES, type RepresentativeState } from '@juntos/domain';
import type { Database } from '../../db/database';
import { mayReach } from '../../db/safeguarding';
import {
  associations,
  directoryRepresentatives,
  profiles,
  researchProjects,
  users,
  type DirectoryEntryKind,
} from '../../db/schema';

export type RepresentativeRow = typeof directoryRepresentatives.$inferSelect;
export type EntryRef = { kind: DirectoryEntryKind; id: number };

const live = inArray(directoryRepresentatives.state, [...LIVE_REPRESENTATIVE_STATES]);

/** The representatives of one entry: the column its kind names. */
function ofEntry(entry: EntryRef): SQL {
  return entry.kind === 'association'
    ? eq(directoryRepresentatives.associationId, entry.id)
    : eq(directoryRepresentatives.researchProjectId, entry.id);
}

const entryName = sql<string>`coalesce(${associations.nombre}, ${researchProjects.titulo}, '')`;

/**
 * Representatives of directory entries (issue 35, decision 0040): invitations, their answers and
 * the administrators' confirmations. Reads the directory's own two tables for an entry's name and
 * text (the directory has no per-entry read of its own).
 */
export function createRepresentativesRepository(db: Database) {
  return {
    async entry(ref: EntryRef) {
      const table = ref.kind === 'association' ? associations : researchProjects;
      const name = ref.kind === 'association' ? associations.nombre : researchProjects.titulo;
      const [row] = await db
        .select({
          id: table.id,
          name,
          pais: table.pais,
          ciudad: table.ciudad,
          descripcion: table.descripcion,
          enlace: table.enlace,
        })
        .from(table)
        .where(eq(table.id, ref.id))
        .limit(1);
      return row;
    },

    /** The member's own role for the entry that is still live (invited, accepted or confirmed). */
    async liveRoleOf(ref: EntryRef, userId: number) {
      const [row] = await db
        .select({ id: directoryRepresentatives.id, state: directoryRepresentatives.state })
        .from(directoryRepresentatives)
        .where(and(ofEntry(ref), eq(directoryRepresentatives.userId, userId), live))
        .orderBy(desc(directoryRepresentatives.id))
        .limit(1);
      return row;
    },

    /** A live invitation or role of this entry for this address (a second one is refused). */
    async liveForEmail(ref: EntryRef, email: string) {
      const [row] = await db
        .select({ id: directoryRepresentatives.id })
        .from(directoryRepresentatives)
        .where(and(ofEntry(ref), eq(sql`lower(${directoryRepresentatives.invitedEmail})`, email), live))
        .limit(1);
      return row;
    },

    /**
     * The confirmed representatives the viewer may see: the safeguarding rule holds for them
     * too (a minor sees no adult's name), in the order they were confirmed.
     */
    confirmedVisibleTo(ref: EntryRef, viewerId: number) {
      return db
        .select({ memberId: users.id, nombre: sql<string>`coalesce(${profiles.nombre}, '')` })
        .from(directoryRepresentatives)
        .innerJoin(users, eq(users.id, directoryRepresentatives.userId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            ofEntry(ref),
            eq(directoryRepresentatives.state, 'confirmed'),
            eq(users.isActive, true),
            mayReach(viewerId, directoryRepresentatives.userId),
          ),
        )
        .orderBy(directoryRepresentatives.confirmedAt, directoryRepresentatives.id)
        .limit(50);
    },

    /**
     * The same for several research projects at once (the "For you" view: one read, not one per
     * project), at most ten per project, by project.
     */
    async projectRepresentativesVisibleTo(projectIds: readonly number[], viewerId: number) {
      const byProject = new Map<number, { memberId: number; nombre: string }[]>();
      if (projectIds.length === 0) return byProject;
      const rows = await db
        .select({
          projectId: directoryRepresentatives.researchProjectId,
          memberId: users.id,
          nombre: sql<string>`coalesce(${profiles.nombre}, '')`,
        })
        .from(directoryRepresentatives)
        .innerJoin(users, eq(users.id, directoryRepresentatives.userId))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(
          and(
            inArray(directoryRepresentatives.researchProjectId, [...projectIds]),
            eq(directoryRepresentatives.state, 'confirmed'),
            eq(users.isActive, true),
            mayReach(viewerId, directoryRepresentatives.userId),
          ),
        )
        .orderBy(directoryRepresentatives.confirmedAt, directoryRepresentatives.id)
        .limit(projectIds.length * 10);
      for (const { projectId, ...person } of rows) {
        if (projectId === null) continue;
        const people = byProject.get(projectId) ?? [];
        if (people.length < 10) byProject.set(projectId, [...people, person]);
      }
      return byProject;
    },

    async invite(values: {
      ref: EntryRef;
      email: string;
      invitedBy: number;
      tokenHash: string;
    }): Promise<RepresentativeRow> {
      const { ref } = values;
      const [row] = await db
        .insert(directoryRepresentatives)
        .values({
          entryKind: ref.kind,
          associationId: ref.kind === 'association' ? ref.id : null,
          researchProjectId: ref.kind === 'research_project' ? ref.id : null,
          invitedEmail: values.email,
          invitedBy: values.invitedBy,
          tokenHash: values.tokenHash,
        })
        .returning();
      if (!row) throw new Error('the invitation was not stored');
      return row;
    },

    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select({ representative: directoryRepresentatives, entryName })
        .from(directoryRepresentatives)
        .leftJoin(associations, eq(associations.id, directoryRepresentatives.associationId))
        .leftJoin(researchProjects, eq(researchProjects.id, directoryRepresentatives.researchProjectId))
        .where(eq(directoryRepresentatives.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async byId(id: number) {
      const [row] = await db
        .select()
        .from(directoryRepresentatives)
        .where(eq(directoryRepresentatives.id, id))
        .limit(1);
      return row;
    },

    /** The account's e-mail (the invitation's address must be it) and whether it is active. */
    async account(userId: number) {
      const [row] = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true)))
        .limit(1);
      return row;
    },

    /**
     * Moves a representative from one state to the next, only from the states given (two
     * administrators, or an administrator and the member, cannot both win); the row, or
     * undefined when it was not in one of them.
     */
    async transition(
      id: number,
      from: readonly RepresentativeState[],
      to: RepresentativeState,
      userId?: number,
    ): Promise<RepresentativeRow | undefined> {
      const now = sql`now()`;
      const [row] = await db
        .update(directoryRepresentatives)
        .set({
          state: to,
          ...(userId !== undefined && { userId }),
          ...(to === 'accepted' && { acceptedAt: now }),
          ...(to === 'confirmed' && { confirmedAt: now }),
          ...((to === 'removed' || to === 'stepped_down') && { endedAt: now }),
        })
        .where(and(eq(directoryRepresentatives.id, id), inArray(directoryRepresentatives.state, [...from])))
        .returning();
      return row;
    },

    /** Every representative and invitation, newest first, for the administrators. */
    async list(state: RepresentativeState | undefined, limit: number, offset: number) {
      return db
        .select({
          representative: directoryRepresentatives,
          entryName,
          memberName: sql<
            string | null
          >`case when ${users.id} is null then null else coalesce(${profiles.nombre} || ' ' || ${profiles.apellidos}, ${profiles.nombre}, '') end`,
          memberEmail: users.email,
        })
        .from(directoryRepresentatives)
        .leftJoin(associations, eq(associations.id, directoryRepresentatives.associationId))
        .leftJoin(researchProjects, eq(researchProjects.id, directoryRepresentatives.researchProjectId))
        .leftJoin(users, eq(users.id, directoryRepresentatives.userId))
        .leftJoin(profiles, eq(profiles.userId, directoryRepresentatives.userId))
        .where(state ? eq(directoryRepresentatives.state, state) : undefined)
        .orderBy(desc(directoryRepresentatives.invitedAt), desc(directoryRepresentatives.id))
        .limit(limit)
        .offset(offset);
    },
  };
}

export type RepresentativesRepository = ReturnType<typeof createRepresentativesRepository>;
