import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CommunityFeedQuery, TOAST_DURATION_MS, type CommunityDetail, type Post } from '@juntos/domain';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useUploadProgress } from '../../components/upload-progress';
import { ApiRequestError } from '../../lib/api-client';
import { PostForm } from '../feed/post-form';
import { PostList } from '../feed/post-list';
import { postFormData, postKeys } from '../feed/posts-api';
import {
  communityFeedFirstPage,
  communityFeedKey,
  createCommunityPost,
  setPostPinned,
} from './communities-api';
import { SearchForm } from './search-form';
import '../feed/feed.css';
import './communities.css';

/** The feed's own rule for the words searched, required in the form. */
const PostSearchForm = CommunityFeedQuery.pick({ q: true }).required();

/** Members write in the community; the new post is read back with the feed's first page. */
function Composer({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const upload = useUploadProgress();
  const publish = useMutation({
    mutationFn: ({ fields, image }: { fields: Record<string, string>; image: File | undefined }) =>
      createCommunityPost(community.id, postFormData(fields, image), image && upload.report),
    onSettled: upload.clear,
    onSuccess: async () => {
      setOpen(false);
      toast.success(t('communities.post_sent'), { duration: TOAST_DURATION_MS.postChanged });
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: (error) =>
      toast.error(error instanceof ApiRequestError && error.body ? error.body.error : t('new_post.error')),
  });
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        {t('communities.write_post')}
      </Button>
      <Dialog
        open={open}
        title={t('communities.write_post_title', { name: community.name })}
        onClose={() => setOpen(false)}
      >
        <PostForm
          busy={publish.isPending}
          submitLabel={t('post_form.publish')}
          busyLabel={t('post_form.publishing')}
          failure={publish.error}
          uploadSent={upload.sent}
          onSubmit={(values) => publish.mutate(values)}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

/** A moderator's pin and unpin, read back with the feed (pinned posts lead its first page). */
function PinButton({ community, post }: { community: CommunityDetail; post: Post }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pin = useMutation({
    mutationFn: () => setPostPinned(community.id, post.id, !post.pinned),
    onSuccess: async () => {
      toast.success(t(post.pinned ? 'communities.unpinned' : 'communities.pinned_now'));
      await queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiRequestError && error.body ? error.body.error : t('communities.action_error'),
      ),
  });
  return (
    <Button size="small" disabled={pin.isPending} onClick={() => pin.mutate()}>
      {post.pinned ? t('communities.unpin') : t('communities.pin')}
    </Button>
  );
}

/**
 * The community's posts: the main feed's list and card (likes, comments, reports, infinite
 * scroll), pinned posts marked and leading the first page, a search within, and the composer for
 * members. Moderators pin and unpin here; hiding goes through the reports queue, where the author
 * and the reporters are told.
 */
export function CommunityFeed({ community }: { community: CommunityDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <section aria-labelledby="community-posts" className="community-feed">
      <h2 id="community-posts">{t('communities.posts_title')}</h2>
      <div className="feed__toolbar">
        {community.can_post ? <Composer community={community} /> : <p>{t('communities.join_to_post')}</p>}
        {community.is_moderator && (
          <Link to="/admin/moderacion" className={buttonClass({ size: 'small' })}>
            {t('communities.moderation_queue')}
          </Link>
        )}
      </div>
      <SearchForm
        schema={PostSearchForm}
        label={t('communities.search_posts_label')}
        current={search}
        onSearch={setSearch}
      />
      <PostList
        key={search}
        queryKey={communityFeedKey(community.id, search)}
        firstPage={communityFeedFirstPage(community.id, search)}
        label={
          search ? t('communities.search_posts_region', { text: search }) : t('communities.posts_region')
        }
        emptyText={search ? t('communities.search_posts_empty') : t('communities.posts_empty')}
        loadingMoreText={t('feed.loading_more')}
        noMoreText={t('feed.no_more')}
        errorText={t('communities.posts_error')}
        extrasFor={(post) => ({
          marker: post.pinned && (
            <p className="community-pinned">
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
                className="community-pinned__icon"
              >
                <path
                  d="M9 3h6l-1 6 3 3v2H7v-2l3-3zM12 14v7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                />
              </svg>
              {t('communities.pinned')}
            </p>
          ),
          actions: community.is_moderator && <PinButton community={community} post={post} />,
        })}
      />
    </section>
  );
}
