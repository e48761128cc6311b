import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Detail, LikeAnswer, Page, Post, PostComment } from '@juntos/domain';
import { apiRequest, apiUpload, type UploadProgress } from '../../lib/api-client';

export const postKeys = {
  all: ['posts'] as const,
  feed: (country: string) => ['posts', 'feed', country] as const,
  search: (query: string) => ['posts', 'search', query] as const,
};

/** `next` is the API's own address (`/api/posts/?…`), which apiRequest takes as it is. */
export const fetchPage = (next: string) => apiRequest<Page<Post>>(next);
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

export function postFormData(fields: Record<string, string>, image: File | undefined) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', image);
  return form;
}

export const createPost = (form: FormData, onProgress?: UploadProgress) =>
  apiUpload<Post>('/posts/', { method: 'POST', body: form, ...(onProgress && { onProgress }) });
export const updatePost = (id: number, form: FormData, onProgress?: UploadProgress) =>
  apiUpload<Post>(`/posts/${id}/`, { method: 'PUT', body: form, ...(onProgress && { onProgress }) });
export const deletePost = (id: number) => apiRequest<Detail>(`/posts/${id}/`, { method: 'DELETE' });
export const likePost = (id: number) => apiRequest<LikeAnswer>(`/posts/${id}/like/`, { method: 'POST' });
export const commentOnPost = (id: number, text: string) =>
  apiRequest<PostComment>(`/posts/${id}/comment/`, { method: 'POST', body: JSON.stringify({ text }) });

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
