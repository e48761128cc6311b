import { PostFormSchema, type Post, type PostComment } from '@juntos/domain';
import { AppError, notFound } from '../../lib/app-error';
import type { ImagePipeline } from '../../lib/images';
import type { Safeguarding } from '../../db/safeguarding';
import type { MediaStore } from '../../lib/media-store';
import type { MultipartForm } from '../../lib/multipart-form';
import { createStoredImages } from '../../lib/stored-image';
import { createEngagementService, type CommentRow } from '../engagement';
import { COMMENTS_PER_POST, type PostRow, type PostsRepository } from './posts.repository';

const fullName = (row: { nombre: string | null; apellidos: string | null }) =>
  [row.nombre, row.apellidos].filter(Boolean).join(' ');

function presentComment(row: CommentRow): PostComment {
  return {
    id: row.id,
    author_id: row.authorId,
    author_name: fullName(row),
    text: row.text,
    created_at: row.createdAt.toISOString(),
    hidden: row.hiddenAt !== null,
  };
}

export function createPostsService(deps: {
  repository: PostsRepository;
  mediaStore: MediaStore;
  images: ImagePipeline;
  safeguarding: Safeguarding;
}) {
  const { repository, mediaStore } = deps;
  const storedImages = createStoredImages(deps, 'public');
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
      list.push(presentComment(comment));
      byPost.set(comment.contentId, list);
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      text: row.text,
      image_url: row.imageKey ? mediaStore.publicUrl(row.imageKey) : null,
      image_alt: row.imageAlt,
      created_at: row.createdAt.toISOString(),
      likes_count: row.likes,
      liked_by_user: row.liked,
      comments_count: row.comments,
      comments: byPost.get(row.id) ?? [],
      is_author: row.authorId === viewerId,
      hidden: row.hiddenAt !== null,
      author: {
        id: row.authorId,
        nombre: row.nombre ?? '',
        photo: row.photoKey ? mediaStore.publicUrl(row.photoKey) : null,
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

  const engagement = createEngagementService(repository.engagement, 'post', (viewerId, postId) =>
    existing(postId, viewerId),
  );

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
    /** One extra row tells whether another page exists. */
    async feed(viewerId: number, options: { limit: number; offset: number; country?: string | undefined }) {
      const rows = await repository.feed(viewerId, { ...options, limit: options.limit + 1 });
      return {
        posts: await present(viewerId, rows.slice(0, options.limit)),
        more: rows.length > options.limit,
      };
    },

    async search(viewerId: number, query: string, limit: number, offset: number) {
      const rows = await repository.search(viewerId, query, limit + 1, offset);
      return { posts: await present(viewerId, rows.slice(0, limit)), more: rows.length > limit };
    },

    async create(userId: number, form: MultipartForm) {
      const input = PostFormSchema.parse(form.fields);
      return storedImages.storeThen(userId, form.file, async (stored) => {
        const imageKey = stored ?? null;
        const id = await repository.create({
          authorId: userId,
          title: input.title || null,
          text: input.text,
          imageKey,
          imageAlt: imageKey ? input.image_alt : '',
          country: await repository.authorCountry(userId),
        });
        return one(userId, id);
      });
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

    async comment(userId: number, postId: number, text: string): Promise<PostComment> {
      return presentComment(await engagement.comment(userId, postId, text));
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
