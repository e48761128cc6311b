import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  COMMUNITY_ROUTES,
  PAGE_SIZE,
  communityFeedPaths,
  communityPaths,
  communityPinPaths,
  type CommunityFeedSettings,
  type CommunityDetail,
  type CommunityLists,
  type CommunityListing,
  type CommunityMember,
  type CommunityMembership,
  type CommunitySearchAnswer,
  type Page,
  type Post,
  type PostPin,
} from '@juntos/domain';
import { apiRequest, apiUpload, type UploadProgress } from '../../lib/api-client';

export const communityKeys = {
  all: ['communities'] as const,
  lists: ['communities', 'lists'] as const,
  search: (text: string) => ['communities', 'search', text] as const,
  details: ['communities', 'detail'] as const,
  detail: (id: number) => ['communities', 'detail', id] as const,
  diseases: ['communities', 'disease'] as const,
  disease: (orphacode: number) => ['communities', 'disease', orphacode] as const,
  members: (id: number) => ['communities', 'members', id] as const,
  feedSettings: ['communities', 'feed-settings'] as const,
};

/**
 * The community feed's cache lives under the posts' key, so the post card's like, comment, edit
 * and delete (which update every cached post list under `['posts']`) reach it too.
 */
export const communityFeedKey = (id: number, search: string) => ['posts', 'community', id, search] as const;

export const communityListsQuery = () =>
  queryOptions({
    queryKey: communityKeys.lists,
    queryFn: () => apiRequest<CommunityLists>(COMMUNITY_ROUTES.lists),
  });

export const communitySearchQuery = (text: string) =>
  queryOptions({
    queryKey: communityKeys.search(text),
    queryFn: () =>
      apiRequest<CommunitySearchAnswer>(`${COMMUNITY_ROUTES.search}?q=${encodeURIComponent(text)}`),
    enabled: text.length > 0,
  });

export const communityQuery = (id: number) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: () => apiRequest<CommunityDetail>(communityPaths.detail(id)),
  });

/** Opening a disease community creates it on the server the first time anyone does. */
export const diseaseCommunityQuery = (orphacode: number) =>
  queryOptions({
    queryKey: communityKeys.disease(orphacode),
    queryFn: () => apiRequest<CommunityDetail>(communityPaths.disease(orphacode)),
  });

export const communityMembersQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(id),
    queryFn: ({ pageParam }) => apiRequest<Page<CommunityMember>>(pageParam),
    initialPageParam: `${communityPaths.members(id)}?limit=24&offset=0`,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export const joinCommunity = (id: number) =>
  apiRequest<CommunityMembership>(communityPaths.join(id), { method: 'POST' });
export const leaveCommunity = (id: number) =>
  apiRequest<CommunityMembership>(communityPaths.leave(id), { method: 'POST' });
export const setCommunityListing = (id: number, listing: CommunityListing) =>
  apiRequest<CommunityMembership>(communityPaths.membership(id), {
    method: 'PUT',
    body: JSON.stringify(listing),
  });

/**
 * A membership change shows at once on the community's page; then everything about communities
 * is read again (the lists, the member list, whether the member may post), since the server
 * decides what they hold.
 */
export async function applyMembership(queryClient: QueryClient, id: number, membership: CommunityMembership) {
  const change = (community: CommunityDetail | undefined) =>
    community?.id === id ? { ...community, ...membership } : community;
  for (const queryKey of [communityKeys.details, communityKeys.diseases]) {
    queryClient.setQueriesData<CommunityDetail>({ queryKey }, change);
  }
  await queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

export const feedSettingsQuery = () =>
  queryOptions({
    queryKey: communityKeys.feedSettings,
    queryFn: () => apiRequest<CommunityFeedSettings>(communityFeedPaths.settings()),
  });
export const saveFeedSettings = (settings: CommunityFeedSettings) =>
  apiRequest<CommunityFeedSettings>(communityFeedPaths.settings(), {
    method: 'PUT',
    body: JSON.stringify(settings),
  });

/** The first page of a community's feed, or of a search in it; each answer names the next. */
export const communityFeedFirstPage = (id: number, search: string) =>
  `${communityFeedPaths.feed(id)}?limit=${PAGE_SIZE}&offset=0${search ? `&q=${encodeURIComponent(search)}` : ''}`;

export const createCommunityPost = (id: number, form: FormData, onProgress?: UploadProgress) =>
  apiUpload<Post>(communityFeedPaths.feed(id), {
    method: 'POST',
    body: form,
    ...(onProgress && { onProgress }),
  });

/** Moderators pin a post to lead the community's first page (a welcome, a notice), and unpin it. */
export const setPostPinned = (id: number, postId: number, pinned: boolean) =>
  apiRequest<PostPin>(pinned ? communityPinPaths.pin(id, postId) : communityPinPaths.unpin(id, postId), {
    method: 'POST',
  });
