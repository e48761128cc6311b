import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { postRoutes, type CommentForm, type Page, type Post } from '@juntos/domain';
import { apiCall, apiNextPage, routeUrl, type UploadProgress } from '../../lib/api-client';

export const postKeys = {
  all: ['posts'] as const,
  feed: (country: string) => ['posts', 'feed', country] as const,
  search: (query: string) => ['posts', 'search', query] as const,
};

/** The first page of the feed (five posts, spec §9), optionally of one country. */
export const feedFirstPage = (country: string) =>
  routeUrl(postRoutes.feed, { query: { limit: 5, offset: 0, country: country || undefined } });
/** The first page of the posts holding the words `q`. */
export const searchFirstPage = (q: string) =>
  routeUrl(postRoutes.search, { query: { q, limit: 5, offset: 0 } });

/** `next` is the API's own address (`/api/posts/?…`), which apiNextPage takes as it is. */
export const fetchPage = (next: string) => apiNextPage(postRoutes.feed, next);
/**
 * A list of posts read page by page: the feed, a search's results. `firstPage` is the first
 * page's address; each answer's `next` is the following one.
 */
export const postPagesQuery = (queryKey: readonly unknown[], firstPage: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: firstPage,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** A post's text fields and its picture, if one was chosen: the body of an upload route. */
export type PostForm = { fields: Record<string, string>; file?: File | undefined };

export const postFormData = (fields: Record<string, string>, image: File | undefined): PostForm => ({
  fields,
  file: image,
});

export const createPost = (form: PostForm, onProgress?: UploadProgress) =>
  apiCall(postRoutes.create, { body: form, onProgress });
export const updatePost = (id: number, form: PostForm, onProgress?: UploadProgress) =>
  apiCall(postRoutes.update, { params: { id }, body: form, onProgress });
export const deletePost = (id: number) => apiCall(postRoutes.remove, { params: { id } });
export const likePost = (id: number) => apiCall(postRoutes.like, { params: { id } });
export const commentOnPost = (id: number, comment: CommentForm) =>
  apiCall(postRoutes.comment, { params: { id }, body: comment });

/** Applies a change to one post wherever it is cached (feed pages, search results). */
export function updateCachedPost(
  queryClient: QueryClient,
  id: number,
  change: (post: Post) => Post | undefined,
) {
  queryClient.setQueriesData<InfiniteData<Page<Post>>>({ queryKey: postKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: page.results.flatMap((post) => {
              if (post.id !== id) return [post];
              const changed = change(post);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}
