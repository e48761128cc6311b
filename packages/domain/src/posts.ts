import { z } from 'zod';
import { POST_LIMITS } from './post-limits';

/**
 * Posts, comments and gallery images (spec §3, §5). Messages are translation keys of the
 * `translation` namespace; both the screens and the server use these schemas.
 */

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, 'post.errors.too_long'));

export const PostFormSchema = z.object({
  title: optionalText(POST_LIMITS.title),
  text: z
    .string({ error: 'post.errors.text_required' })
    .trim()
    .min(1, 'post.errors.text_required')
    .max(POST_LIMITS.text, 'post.errors.too_long'),
  image_alt: optionalText(POST_LIMITS.imageAlt),
});
export type PostForm = z.output<typeof PostFormSchema>;

export const CommentSchema = z.object({
  text: z
    .string({ error: 'comment.errors.text_required' })
    .trim()
    .min(1, 'comment.errors.text_required')
    .max(POST_LIMITS.comment, 'post.errors.too_long'),
});

export const GalleryFormSchema = z.object({
  title: z
    .string({ error: 'gallery.errors.title_required' })
    .trim()
    .min(1, 'gallery.errors.title_required')
    .max(POST_LIMITS.galleryTitle, 'post.errors.too_long'),
  description: optionalText(POST_LIMITS.galleryDescription),
});

/** The gallery edit form: every field optional, only what changed is sent (spec §7 PATCH). */
export const GalleryPatchSchema = GalleryFormSchema.partial();

export type PostAuthor = { id: number; nombre: string; photo: string | null; country: string | null };
export type PostComment = {
  id: number;
  author_id: number;
  author_name: string;
  text: string;
  created_at: string;
  /** Hidden by a moderator: only its author still receives it, to know why it is gone. */
  hidden: boolean;
};
export type Post = {
  id: number;
  title: string | null;
  text: string;
  image_url: string | null;
  image_alt: string;
  created_at: string;
  likes_count: number;
  liked_by_user: boolean;
  comments_count: number;
  comments: PostComment[];
  is_author: boolean;
  /** Hidden by a moderator: only its author still receives it, to know why it is gone. */
  hidden: boolean;
  author: PostAuthor;
};
export type Page<Item> = { results: Item[]; next: string | null };

export type GalleryComment = {
  id: number;
  author_id: number;
  profile_nombre: string;
  profile_apellidos: string;
  content: string;
  created_at: string;
  hidden: boolean;
};
export type GalleryImage = {
  id: number;
  title: string;
  description: string;
  image_url: string;
  created_at: string;
  owner_id: number;
  likes: number;
  liked_by_user: boolean;
  comments_count: number;
  /** Hidden by a moderator: only its owner still receives it. */
  hidden: boolean;
};
export type GalleryImageDetails = GalleryImage & { comments: GalleryComment[] };
export type LikeAnswer = { liked: boolean; total_likes: number };
