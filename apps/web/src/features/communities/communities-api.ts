import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  communityRoutes,
  hostRoutes,
  type CommunityFeedSettings,
  type CommunityDetail,
  type CommunityListing,
  type CommunityMembership,
} from '@juntos/domain';
import { apiCall, apiNextPage, routeUrl, type UploadProgress } from '../../lib/api-client';
import type { PostForm } from '../feed/posts-api';

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
    queryFn: () => apiCall(communityRoutes.lists),
  });

export const communitySearchQuery = (text: string) =>
  queryOptions({
    queryKey: communityKeys.search(text),
    queryFn: () => apiCall(communityRoutes.search, { query: { q: text } }),
    enabled: text.length > 0,
  });

export const communityQuery = (id: number) =>
  queryOptions({
    queryKey: communityKeys.detail(id),
    queryFn: () => apiCall(communityRoutes.detail, { params: { id } }),
  });

/** Opening a disease community creates it on the server the first time anyone does. */
export const diseaseCommunityQuery = (orphacode: number) =>
  queryOptions({
    queryKey: communityKeys.disease(orphacode),
    queryFn: () => apiCall(communityRoutes.disease, { params: { orphacode } }),
  });

export const communityMembersQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: communityKeys.members(id),
    queryFn: ({ pageParam }) => apiNextPage(communityRoutes.members, pageParam),
    initialPageParam: routeUrl(communityRoutes.members, { params: { id }, query: { limit: 24, offset: 0 } }),
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** A community with rules is joined with the version of the rules the member read and accepted. */
export const joinCommunity = (id: number, rulesVersion?: number) =>
  apiCall(communityRoutes.join, {
    params: { id },
    body: rulesVersion === undefined ? {} : { rules_version: rulesVersion },
  });
/** Hosts (and administrators) write the rules; an empty text withdraws them. */
export const writeCommunityRules = (id: number, text: string) =>
  apiCall(hostRoutes.rules, { params: { id }, body: { text } });
/** "I have read the new rules." */
export const acceptCommunityRules = (id: number, rulesVersion: number) =>
  apiCall(hostRoutes.acceptRules, { params: { id }, body: { rules_version: rulesVersion } });
export const leaveCommunity = (id: number) => apiCall(communityRoutes.leave, { params: { id } });
export const setCommunityListing = (id: number, listing: CommunityListing) =>
  apiCall(communityRoutes.membership, { params: { id }, body: listing });

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
    queryFn: () => apiCall(communityRoutes.feedSettings),
  });
export const saveFeedSettings = (settings: CommunityFeedSettings) =>
  apiCall(communityRoutes.saveFeedSettings, { body: settings });

/** The first page of a community's feed, or of a search in it; each answer names the next. */
export const communityFeedFirstPage = (id: number, search: string) =>
  routeUrl(communityRoutes.feed, {
    params: { id },
    query: { limit: PAGE_SIZE, offset: 0, q: search || undefined },
  });

export const createCommunityPost = (id: number, form: PostForm, onProgress?: UploadProgress) =>
  apiCall(communityRoutes.publish, { params: { id }, body: form, onProgress });

/** Moderators pin a post to lead the community's first page (a welcome, a notice), and unpin it. */
export const setPostPinned = (id: number, postId: number, pinned: boolean) =>
  apiCall(pinned ? communityRoutes.pin : communityRoutes.unpin, { params: { id, postId } });
