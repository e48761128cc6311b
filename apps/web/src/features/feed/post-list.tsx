import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '@juntos/domain';
import { QueryState } from '../../components/ui/query-state';
import { postPagesQuery } from './posts-api';
import { PostCard, type PostCardExtras } from './post-card';
import { Button } from '../../components/ui/button';
import './feed.css';

/**
 * Posts loaded 5 at a time (spec §9) with infinite scroll: when the sentinel below the last post
 * comes into view and another page exists, it is fetched. The states of spec §2 ("loading more",
 * "no more results", empty) are announced politely.
 */
export function PostList({
  queryKey,
  firstPage,
  emptyText,
  loadingMoreText,
  noMoreText,
  errorText,
  label,
  extrasFor,
}: {
  queryKey: readonly unknown[];
  firstPage: string;
  emptyText: string;
  loadingMoreText: string;
  noMoreText: string;
  errorText: string;
  label: string;
  /** A marker and actions a list adds to each card (a community's pins and moderation). */
  extrasFor?: (post: Post) => PostCardExtras;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const query = useInfiniteQuery(postPagesQuery(queryKey, firstPage));
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const renderPosts = (posts: Post[]) => (
    <>
      {posts.length === 0 ? (
        <p className="post-list__empty">{emptyText}</p>
      ) : (
        <div className="post-list" role="feed" aria-label={label} aria-busy={isFetchingNextPage}>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} extras={extrasFor?.(post)} />
          ))}
        </div>
      )}
      <div ref={sentinel} className="post-list__sentinel" />
      <p role="status" className="post-list__status">
        {isFetchingNextPage ? loadingMoreText : posts.length > 0 && !hasNextPage ? noMoreText : ''}
      </p>
      {hasNextPage && !isFetchingNextPage && (
        // Also reachable without scrolling (keyboard, screen readers, switch access).
        <Button onClick={() => void fetchNextPage()}>{t('feed.load_more')}</Button>
      )}
    </>
  );
  return (
    <QueryState query={query} errorText={errorText}>
      {(data) => renderPosts(data.pages.flatMap((page) => page.results))}
    </QueryState>
  );
}
