import {
  bornYearsAgo,
  NO_DIAGNOSIS,
  createProfileSchema,
  todayIso,
  type Account,
  type FriendshipStatus,
  type GalleryImage,
  type Me,
  type ViewerRelation,
} from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { ImagePipeline } from '../../lib/images';
import type { Safeguarding } from '../../db/safeguarding';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { MediaStore } from '../../lib/media-store';
import type { MultipartForm } from '../../lib/multipart-form';
import type { DiseaseCatalogue } from '../diseases';
import type { FriendshipsRepository } from '../friendships';
import { presentOwnProfile, presentProfileFor } from './profile-presenter';
import type { MeRow, ProfileRepository, ProfileRow, ProfileValues } from './profile.repository';
import type { ProfileSearchRepository, SearchFilters } from './profile-search.repository';

/** The birth date of someone who turns `years` today (YYYY-MM-DD). */

export type AgeFilters = { edad_min?: number | undefined; edad_max?: number | undefined };

const unauthorized = () => new AppError(401, 'unauthorized', 'errors.unauthorized');

export function createProfileService(deps: {
  repository: ProfileRepository;
  search: ProfileSearchRepository;
  friendships: FriendshipsRepository;
  safeguarding: Safeguarding;
  /**
   * The signed-in account as the auth module describes it, from the user row this module read with
   * the profile (a port: profile does not own accounts).
   */
  presentAccount: (user: MeRow['user']) => Account;
  /** A member's gallery as the viewer may see it (the public profile shows it to friends). */
  galleryOf: (viewerId: number, ownerId: number) => Promise<GalleryImage[]>;
  mediaStore: MediaStore;
  mediaUrl: MemberMediaUrl;
  images: ImagePipeline;
  diseases: DiseaseCatalogue;
  /** Told after every save, so aggregates of profiles (the word cloud) can follow. */
  onProfileChanged?: () => void;
  now?: () => Date;
}) {
  const today = () => todayIso(deps.now?.() ?? new Date());

  /** A member who is gone or not activated has no account to answer with. */
  function activeAccount<Row extends { user: { isActive: boolean } }>(account: Row | undefined): Row {
    if (!account || !account.user.isActive) throw unauthorized();
    return account;
  }

  async function accountOf(userId: number) {
    return activeAccount(await deps.repository.findAccount(userId));
  }

  const presentOwn = ({ user, profile }: { user: MeRow['user']; profile: ProfileRow | null }) =>
    presentOwnProfile(user, profile, deps.mediaUrl);

  async function ownProfile(userId: number) {
    return presentOwn(await accountOf(userId));
  }

  return {
    ownProfile,

    /**
     * `/api/me`: the account, the group the safeguarding rule puts the member in, and the profile.
     * The group lets the screens tell a minor plainly why nobody is visible yet (decision 0011).
     */
    async me(userId: number): Promise<Me> {
      // One statement: every signed-in page asks for this.
      const { group, moderates, ...account } = activeAccount(await deps.repository.findMe(userId));
      return {
        ...deps.presentAccount(account.user),
        age_group: group === 'adult' ? 'adult' : 'minor',
        minor_review_pending: group === 'unreviewed_minor',
        moderates,
        profile: presentOwn(account),
      };
    },

    /**
     * Applies the save rules of spec §5, then stores the profile. A new photo is checked and
     * re-encoded before anything is written; the old file goes only once the row points to the
     * new one, so a failure never leaves the profile without its photo.
     */
    async saveProfile(userId: number, form: MultipartForm) {
      const { user, profile: current } = await accountOf(userId);
      const schema = createProfileSchema({
        registrationType: user.tipoRegistro,
        today: today(),
        isKnownOrphaCode: (code) => code === current?.orphacode || deps.diseases.hasCode(code),
      });
      const input = schema.parse(form.fields);
      const photo = form.file ? await deps.images.process(userId, form.file, 'photo') : undefined;
      const removePhoto = !photo && form.fields.remove_photo === 'true';

      const { visibility, date_of_birth, ...fields } = input;
      const values: ProfileValues = {
        ...fields,
        dateOfBirth: date_of_birth,
        enfermedad: fields.enfermedad || NO_DIAGNOSIS,
        visibility,
        photoKey: removePhoto ? null : (current?.photoKey ?? null),
      };

      const newKey = photo
        ? await deps.mediaStore.save(
            userId,
            photo.data,
            'webp',
            await deps.safeguarding.mediaAccessFor(userId),
          )
        : undefined;
      if (newKey) values.photoKey = newKey;
      try {
        await deps.repository.saveProfile(userId, values);
      } catch (error) {
        if (newKey) await deps.mediaStore.remove(newKey);
        throw error;
      }
      const replaced =
        current?.photoKey && current.photoKey !== values.photoKey ? current.photoKey : undefined;
      if (replaced) await deps.mediaStore.remove(replaced);
      deps.onProfileChanged?.();
      return this.ownProfile(userId);
    },

    /**
     * Another member's profile as the viewer may see it. Members of the other age group (minors
     * and adults) do not see each other's profiles (DESIGN.md safeguarding): 404, as for an
     * unknown id, so the answer does not reveal that the person exists.
     */
    async profileForViewer(viewerId: number, memberId: number) {
      await accountOf(viewerId);
      const member = await deps.repository.findAccount(memberId);
      if (!member?.profile || !member.user.isActive || (member.user.suspendedAt && viewerId !== memberId))
        throw notFound('errors.profile_not_found');
      const day = today();
      // The other age group, a block either way, an unreviewed minor: 404, as for an unknown id.
      if (viewerId !== memberId && !(await deps.safeguarding.mayReach(viewerId, memberId)))
        throw notFound('errors.profile_not_found');

      let relation: ViewerRelation = 'member';
      let status: FriendshipStatus = 'none';
      if (viewerId === memberId) {
        relation = 'self';
        status = 'self';
      } else {
        const friendship = await deps.friendships.friendshipBetween(viewerId, memberId);
        if (friendship?.status === 'accepted') {
          relation = 'friend';
          status = 'accepted';
        } else if (friendship) {
          status = friendship.requesterId === viewerId ? 'pending' : 'received';
        }
      }
      const profile = presentProfileFor(
        member.profile,
        relation,
        status,
        (key) => deps.mediaUrl(key, viewerId),
        day,
      );
      // Spec §2: the gallery only for accepted friends (and the member), a locked note otherwise.
      if (relation !== 'member') profile.imagenes = await deps.galleryOf(viewerId, memberId);
      return profile;
    },

    /**
     * Member search (spec §7 /buscar/perfil/): whatever the ages asked for, a minor finds only
     * minors and an adult only adults (DESIGN.md safeguarding).
     */
    async search(viewerId: number, filters: SearchFilters & AgeFilters, limit: number, offset: number) {
      await accountOf(viewerId);
      const day = today();
      const { edad_min, edad_max, ...rest } = filters;
      const rows = await deps.search.search(
        viewerId,
        {
          ...rest,
          bornUntil: edad_min !== undefined ? bornYearsAgo(day, edad_min) : undefined,
          bornFrom: edad_max !== undefined ? bornYearsAgo(day, edad_max + 1, 1) : undefined,
        },
        limit + 1,
        offset,
      );
      const results = rows.slice(0, limit).map((row) => {
        const status: FriendshipStatus =
          row.status === 'accepted'
            ? 'accepted'
            : row.status
              ? row.requesterId === viewerId
                ? 'pending'
                : 'received'
              : 'none';
        return presentProfileFor(
          row.profile,
          status === 'accepted' ? 'friend' : 'member',
          status,
          (key) => deps.mediaUrl(key, viewerId),
          day,
        );
      });
      return { results, more: rows.length > limit };
    },

    /** The first-visit explanation of the editor is shown once per account. */
    async markIntroSeen(userId: number) {
      await accountOf(userId);
      await deps.repository.markIntroSeen(userId);
    },

    /** The member's rare-disease code, if any (for its status). */
    async orphacodeOf(userId: number) {
      const { profile } = await accountOf(userId);
      return profile?.orphacode ?? null;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
