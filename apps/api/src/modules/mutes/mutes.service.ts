import { KEYWORD_FILTERS_MAX, type KeywordFilterForm, type Language, type Mutes } from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { MutesRepository } from './mutes.repository';

/**
 * Muting (issue 37 point 3). Private: the muted member is never told, nothing changes for them
 * and they still reach the muter (chat, friendship, the muter's profile). A member out of reach
 * (a block, the other age group) is answered as an unknown id, as everywhere else.
 */
export function createMutesService(deps: {
  repository: MutesRepository;
  mayReach: (viewerId: number, memberId: number) => Promise<boolean>;
  mediaUrl: MemberMediaUrl;
  /** A community's name in the reader's language (the communities module's). */
  communityName: (
    community: { orphacode: number | null; name: Partial<Record<Language, string>> },
    language: Language,
  ) => string;
}) {
  const { repository } = deps;
  const unknownMember = () => notFound('errors.profile_not_found');

  return {
    async list(userId: number, language: Language): Promise<Mutes> {
      const [members, communities, keywords] = await Promise.all([
        repository.mutedMembers(userId),
        repository.mutedCommunities(userId),
        repository.keywords(userId),
      ]);
      return {
        members: members.map((member) => ({
          id: member.id,
          nombre: member.nombre ?? '',
          photo: member.photoKey ? deps.mediaUrl(member.photoKey, userId) : null,
        })),
        communities: communities.map((community) => ({
          id: community.id,
          name: deps.communityName(community, language),
        })),
        keywords,
      };
    },

    async muteMember(userId: number, memberId: number) {
      if (userId === memberId) throw new AppError(400, 'self_mute', 'friends.errors.self');
      if (!(await repository.memberExists(memberId)) || !(await deps.mayReach(userId, memberId)))
        throw unknownMember();
      await repository.muteMember(userId, memberId);
    },

    unmuteMember: async (userId: number, memberId: number) => {
      await repository.unmuteMember(userId, memberId);
    },

    async muteCommunity(userId: number, communityId: number) {
      if (!(await repository.communityExists(communityId))) throw notFound('communities.errors.not_found');
      await repository.muteCommunity(userId, communityId);
    },

    unmuteCommunity: async (userId: number, communityId: number) => {
      await repository.unmuteCommunity(userId, communityId);
    },

    async addKeyword(userId: number, form: KeywordFilterForm) {
      const count = await repository.keywordCount(userId);
      // A new phrase past the limit is refused; changing one already filtered never is.
      if (count >= KEYWORD_FILTERS_MAX) {
        const known = (await repository.keywords(userId)).some(
          (filter) => filter.phrase.toLowerCase() === form.phrase.toLowerCase(),
        );
        if (!known)
          throw new AppError(400, 'too_many_filters', 'mutes.errors.too_many', {
            fields: { phrase: 'mutes.errors.too_many' },
            values: { max: KEYWORD_FILTERS_MAX },
          });
      }
      return repository.addKeyword(userId, form);
    },

    async removeKeyword(userId: number, id: number) {
      if (!(await repository.removeKeyword(userId, id))) throw notFound('mutes.errors.filter_not_found');
    },
  };
}

export type MutesService = ReturnType<typeof createMutesService>;
