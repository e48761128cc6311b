import { PostFormSchema, type CommentForm, type Post, type PostComment } from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import { writtenBy, writtenWithHelpFor } from '../../db/acting-viewer';
import { storedWarning, warningColumns } from '../../lib/content-warning';
import type { ImagePipeline } from '../../lib/images';
import type { Safeguarding } from '../../db/safeguarding';
import type { MediaStore } from '../../lib/media-store';
import type { MemberMediaUrl } from '../../lib/private-media';
import type { MultipartForm } from '../../lib/multipart-form';
import { createStoredImages } from '../../lib/stored-image';
import { createEngagementService, type CommentRow } from '../engagement';
import type { Notify } from '../notifications';
import { COMMENTS_PER_POST, type FeedSource, type PostRow, type PostsRepository } from './posts.repository';

const fullName = (row: { nombre: string | null; apellidos: string | null }) =>
  [row.nombre, row.apellidos].filter(Boolean).join(' ');

function presentComment(row: CommentRow, viewerId: number): PostComment {
  return {
    id: row.id,
    author_id: row.authorId,
    author_name: fullName(row),
    text: row.text,
    created_at: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
    content_warning: storedWarning(row),
    filter_warning: row.filterWarning,
    written_with_help: writtenWithHelpFor(viewerId, row),
  };
}

export function createPostsService(deps: {
  repository: PostsRepository;
  mediaStore: MediaStore;
  mediaUrl: MemberMediaUrl;
  images: ImagePipeline;
  safeguarding: Safeguarding;
  notify: Notify;
}) {
  const { repository, mediaStore } = deps;
  const storedImages = createStoredImages(deps, (userId) => deps.safeguarding.mediaAccessFor(userId));
  const recentComments = { perContent: COMMENTS_PER_POST, keep: 'newest' } as const;

  /** Posts with their recent comments: two statements for the whole page. */
  async function present(viewerId: number, rows: PostRow[]): Promise<Post[]> {
    const comments = await engagement.commentsOf(
      viewerId,
      rows.map((row) => row.id),
      recentComments,
    );
    const byPost = new Map<number, PostComment[]>();
    for (const comment of comments) {
      const list = byPost.get(comment.contentId) ?? [];
      list.push(presentComment(comment, viewerId));
      byPost.set(comment.contentId, list);
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      text: row.text,
      image_url: row.imageKey ? deps.mediaUrl(row.imageKey, viewerId) : null,
      image_alt: row.imageAlt,
      symbols: row.symbols ?? [],
      created_at: row.createdAt.toISOString(),
      likes_count: row.likes,
      liked_by_user: row.liked,
      comments_count: row.comments,
      comments: byPost.get(row.id) ?? [],
      is_author: row.authorId === viewerId,
      hidden: row.hiddenAt !== null,
      community_id: row.communityId,
      pinned: row.pinnedAt !== null,
      content_warning: storedWarning(row),
      filter_warning: row.filterWarning,
      written_with_help: writtenWithHelpFor(viewerId, row),
      author: {
        id: row.authorId,
        nombre: row.nombre ?? '',
        photo: row.photoKey ? deps.mediaUrl(row.photoKey, viewerId) : null,
        country: row.authorCountry ?? row.country,
      },
    }));
  }

  /**
   * A post the viewer may see: hidden posts, and posts of members the viewer may not reach
   * (another age group, a block either way, a suspended author), are not found for others, so
   * nobody likes or comments their way past the safeguarding rule.
   */
  async function existing(postId: number, viewerId: number) {
    const post = await repository.find(postId);
    const visible =
      post && post.authorId === viewerId
        ? true
        : post && !post.hiddenAt && (await deps.safeguarding.mayReach(viewerId, post.authorId));
    if (!post || !visible) throw notFound('errors.post_not_found');
    return post;
  }

  /**
   * A community's posts are read, written and answered by its members only (issue 18): every
   * author and commenter there is a member, so a reader from outside would learn who belongs to
   * a disease community, which is health data.
   */
  async function mustBeMember(userId: number, communityId: number) {
    const membership = await repository.membership(userId, communityId);
    if (!membership) throw notFound('communities.errors.not_found');
    if (!membership.member) throw new AppError(403, 'members_only', 'communities.errors.members_only');
  }

  /** Reading, liking and commenting follow one rule: the feed's, and a community's membership. */
  const engagement = createEngagementService(
    repository.engagement,
    'post',
    async (viewerId, postId) => {
      const post = await existing(postId, viewerId);
      if (post.communityId !== null) await mustBeMember(viewerId, post.communityId);
      return post;
    },
    async (action, actorId, post, words) => {
      // A comment in a community is told as a community reply (tellAuthorOfReply).
      if (action === 'comment' && post.communityId !== null) return;
      await deps.notify({
        userId: post.authorId,
        kind: action,
        actorId,
        words,
        groupKey: `${action}:post:${post.id}`,
        subject: { type: 'post', id: post.id },
        communityId: post.communityId,
      });
    },
  );

  const mustBeAllowedToRead = (viewerId: number, source: FeedSource) =>
    source.kind === 'community' ? mustBeMember(viewerId, source.communityId) : Promise.resolve();

  /**
   * Tells a community post's author that someone else answered it (issue 18), in the notification
   * centre (issue 20; until then a notice of the notices panel), unless the safeguarding rule keeps
   * the two apart (a block since the comment was allowed, another age group).
   */
  async function tellAuthorOfReply(postId: number, comment: CommentRow) {
    const post = await repository.find(postId);
    if (!post || post.communityId === null || post.authorId === comment.authorId) return;
    if (!(await deps.safeguarding.mayReach(post.authorId, comment.authorId))) return;
    await deps.notify({
      userId: post.authorId,
      kind: 'community_reply',
      actorId: comment.authorId,
      words: comment.text,
      groupKey: `community_reply:post:${post.id}`,
      subject: { type: 'post', id: post.id },
      communityId: post.communityId,
    });
  }

  /** Writes a post already allowed where it goes, with its picture if one was sent. */
  async function publish(userId: number, form: MultipartForm, communityId: number | null) {
    const input = PostFormSchema.parse(form.fields);
    return storedImages.storeThen(userId, form.file, async (stored) => {
      const imageKey = stored ?? null;
      const id = await repository.create({
        authorId: userId,
        title: input.title || null,
        text: input.text,
        imageKey,
        imageAlt: imageKey ? input.image_alt : '',
        symbols: input.symbols.length ? input.symbols : null,
        ...warningColumns(input),
        country: await repository.authorCountry(userId),
        communityId,
        ...writtenBy(userId),
      });
      return one(userId, id);
    });
  }

  async function authored(postId: number, userId: number) {
    const post = await existing(postId, userId);
    // Spec §6: only the author edits or deletes (enforced here, not only hidden in the screen).
    if (post.authorId !== userId) throw new AppError(403, 'not_author', 'errors.not_author');
    return post;
  }

  async function one(viewerId: number, postId: number) {
    const row = await repository.one(viewerId, postId);
    if (!row) throw notFound('errors.post_not_found');
    const [post] = await present(viewerId, [row]);
    if (!post) throw notFound('errors.post_not_found');
    return post;
  }

  return {
    /**
     * One extra row tells whether another page exists. A community's first page also carries its
     * leading pinned posts before the `limit` newest, so `more` counts only the newest.
     */
    async feed(viewerId: number, source: FeedSource, limit: number, offset: number) {
      await mustBeAllowedToRead(viewerId, source);
      const rows = await repository.feed(viewerId, source, limit + 1, offset);
      const leading = rows.filter((row) => row.leads);
      const newest = rows.slice(leading.length);
      return {
        posts: await present(viewerId, [...leading, ...newest.slice(0, limit)]),
        more: newest.length > limit,
      };
    },

    async search(viewerId: number, source: FeedSource, query: string, limit: number, offset: number) {
      await mustBeAllowedToRead(viewerId, source);
      const rows = await repository.search(viewerId, source, query, limit + 1, offset);
      return { posts: await present(viewerId, rows.slice(0, limit)), more: rows.length > limit };
    },

    /** The main-feed setting of issue 18: posts of my communities in the main feed. */
    async feedSettings(userId: number) {
      return { community_posts_in_feed: await repository.inFeedSetting(userId) };
    },

    async saveFeedSettings(userId: number, settings: { community_posts_in_feed: boolean }) {
      await repository.saveInFeedSetting(userId, settings.community_posts_in_feed);
      return settings;
    },

    /** A post in the main feed. */
    create: (userId: number, form: MultipartForm) => publish(userId, form, null),

    /**
     * A post in a community, for its members only. The form is read only after the membership
     * check, so nobody outside the community makes the server receive their upload.
     */
    async createInCommunity(userId: number, communityId: number, readForm: () => Promise<MultipartForm>) {
      await mustBeMember(userId, communityId);
      return publish(userId, await readForm(), communityId);
    },

    async update(userId: number, postId: number, form: MultipartForm) {
      const post = await authored(postId, userId);
      const input = PostFormSchema.parse(form.fields);
      const imageKey = await storedImages.storeThen(userId, form.file, async (newKey) => {
        const removeImage = !newKey && form.fields.remove_image === 'true';
        const kept = newKey ?? (removeImage ? null : post.imageKey);
        await repository.update(postId, {
          title: input.title || null,
          text: input.text,
          imageKey: kept,
          imageAlt: kept ? input.image_alt : '',
          // An edit from a client that does not know the board keeps the symbols the post had.
          ...('symbols' in form.fields && { symbols: input.symbols.length ? input.symbols : null }),
          // Likewise the warning: a client that sends no warning field leaves the post's as it was.
          ...('content_warning' in form.fields && warningColumns(input)),
          ...writtenBy(userId),
        });
        return kept;
      });
      if (post.imageKey && post.imageKey !== imageKey) await mediaStore.remove(post.imageKey);
      return one(userId, postId);
    },

    async remove(userId: number, postId: number) {
      const post = await authored(postId, userId);
      await repository.remove(postId);
      if (post.imageKey) await mediaStore.remove(post.imageKey);
    },

    toggleLike: engagement.toggleLike,

    async comment(userId: number, postId: number, form: CommentForm): Promise<PostComment> {
      const comment = await engagement.comment(userId, postId, form);
      await tellAuthorOfReply(postId, comment);
      return presentComment(comment, userId);
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
