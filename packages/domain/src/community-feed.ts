import { z } from 'zod';
import { PAGE_SIZE } from './constants';
import { POST_LIMITS } from './post-limits';
import { pageQuery } from './paging';

/**
 * A community's feed (issue 18): the main feed's posts, comments and likes, one community's posts
 * at a time. Shapes of `/api/comunidades/{id}/publicaciones/` and `/api/comunidades/ajustes/`;
 * messages are translation keys.
 */

/** The paging of every feed: the main feed, its search and a community's feed page alike. */
export const FeedPageQuery = pageQuery({ defaultLimit: PAGE_SIZE, maxLimit: 50, maxOffset: 10_000_000 });

/** Words searched in posts' titles and texts. */
export const PostSearchText = z
  .string()
  .trim()
  .min(1, 'search.errors.query_required')
  .max(POST_LIMITS.search, 'post.errors.too_long');

/** A community's feed page; with `q`, only its posts whose title or text holds the words. */
export const CommunityFeedQuery = FeedPageQuery.extend({ q: PostSearchText.optional() });

/**
 * Most pinned posts leading a community's first page: a welcome post and a few notices, never a
 * page of its own before the conversation starts.
 */
export const PINNED_POSTS_SHOWN = 3;

/** The member's choice of whether the main feed also shows posts of their communities. */
export const CommunityFeedSettingsSchema = z.object({ community_posts_in_feed: z.boolean() });
export type CommunityFeedSettings = z.output<typeof CommunityFeedSettingsSchema>;

/** The route patterns (server) and address builders (web) of the community feed. */
export const COMMUNITY_FEED_ROUTES = {
  feed: '/api/comunidades/:id/publicaciones/',
  settings: '/api/comunidades/ajustes/',
} as const;

export const communityFeedPaths = {
  feed: (id: number) => `/api/comunidades/${id}/publicaciones/`,
  settings: () => COMMUNITY_FEED_ROUTES.settings,
} as const;
