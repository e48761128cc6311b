import { z } from 'zod';
import { ContentWarningSchema, contentWarningFields, requireWarningText } from './content-warnings';
import { POST_LIMITS } from './post-limits';
import { SymbolIdsField } from './symbols';

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

export const PostFormSchema = z
  .object({
    title: optionalText(POST_LIMITS.title),
    text: z
      .string({ error: 'post.errors.text_required' })
      .trim()
      .min(1, 'post.errors.text_required')
      .max(POST_LIMITS.text, 'post.errors.too_long'),
    image_alt: optionalText(POST_LIMITS.imageAlt),
    /** The board symbols it was written with (issue 21): ids separated by commas. */
    symbols: SymbolIdsField,
    ...contentWarningFields,
  })
  .superRefine(requireWarningText);
export type PostForm = z.output<typeof PostFormSchema>;

/** A comment on a post or a gallery image, with the writer's content warning if any (issue 37). */
export const CommentSchema = z
  .object({
    text: z
      .string({ error: 'comment.errors.text_required' })
      .trim()
      .min(1, 'comment.errors.text_required')
      .max(POST_LIMITS.comment, 'post.errors.too_long'),
    ...contentWarningFields,
  })
  .superRefine(requireWarningText);
export type CommentForm = z.output<typeof CommentSchema>;

const galleryFields = z.object({
  title: z
    .string({ error: 'gallery.errors.title_required' })
    .trim()
    .min(1, 'gallery.errors.title_required')
    .max(POST_LIMITS.galleryTitle, 'post.errors.too_long'),
  description: optionalText(POST_LIMITS.galleryDescription),
  /** A medical picture, a scar: the owner's warning hides it until the viewer opens it. */
  ...contentWarningFields,
});
export const GalleryFormSchema = galleryFields.superRefine(requireWarningText);

/** The gallery edit form: every field optional, only what changed is sent (spec §7 PATCH). */
export const GalleryPatchSchema = galleryFields.partial().superRefine(requireWarningText);

/**
 * A supporter wrote it for its author (decision 0047): true only in the author's own answers, so
 * nobody else learns that the member has help.
 */
const WrittenWithHelpSchema = z.boolean();

/** Answers of the posts and gallery routes (spec §7); the web reads its types from these. */
export const PostAuthorSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  photo: z.string().nullable(),
  country: z.string().nullable(),
});
export type PostAuthor = z.output<typeof PostAuthorSchema>;

export const PostCommentSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  author_name: z.string(),
  text: z.string(),
  created_at: z.string(),
  /** Hidden by a moderator: only its author still receives it, to know why it is gone. */
  hidden: z.boolean(),
  content_warning: ContentWarningSchema.nullable(),
  /** A phrase of the reader's own keyword filters (warn) it contains (issue 37): shown closed. */
  filter_warning: z.string().nullable(),
  written_with_help: WrittenWithHelpSchema,
});
export type PostComment = z.output<typeof PostCommentSchema>;

export const PostSchema = z.object({
  id: z.number(),
  title: z.string().nullable(),
  text: z.string(),
  image_url: z.string().nullable(),
  image_alt: z.string(),
  /** The board symbols it was written with (issue 21), shown above the text; empty for most. */
  symbols: z.array(z.string()),
  created_at: z.string(),
  likes_count: z.number(),
  liked_by_user: z.boolean(),
  comments_count: z.number(),
  comments: z.array(PostCommentSchema),
  is_author: z.boolean(),
  /** Hidden by a moderator: only its author still receives it, to know why it is gone. */
  hidden: z.boolean(),
  /** The community it was posted in; null for the main feed. */
  community_id: z.number().nullable(),
  /** Pinned by the community's moderators: it leads the community's first page. */
  pinned: z.boolean(),
  /** The writer's content warning (issue 37): readers open the post by choice; null for none. */
  content_warning: ContentWarningSchema.nullable(),
  /** A phrase of the reader's own keyword filters (warn) it contains (issue 37): shown closed. */
  filter_warning: z.string().nullable(),
  written_with_help: WrittenWithHelpSchema,
  author: PostAuthorSchema,
});
export type Post = z.output<typeof PostSchema>;

export type Page<Item> = { results: Item[]; next: string | null };

export const GalleryCommentSchema = z.object({
  id: z.number(),
  author_id: z.number(),
  profile_nombre: z.string(),
  profile_apellidos: z.string(),
  content: z.string(),
  created_at: z.string(),
  hidden: z.boolean(),
  content_warning: ContentWarningSchema.nullable(),
  /** A phrase of the reader's own keyword filters (warn) it contains (issue 37): shown closed. */
  filter_warning: z.string().nullable(),
  written_with_help: WrittenWithHelpSchema,
});
export type GalleryComment = z.output<typeof GalleryCommentSchema>;

export const GalleryImageSchema = z.object({
  id: z.number(),
  owner_id: z.number(),
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  created_at: z.string(),
  likes: z.number(),
  liked_by_user: z.boolean(),
  comments_count: z.number(),
  /** Hidden by a moderator: only its owner still receives it. */
  hidden: z.boolean(),
  /** The owner's content warning: the picture stays hidden until the viewer opens it. */
  content_warning: ContentWarningSchema.nullable(),
  written_with_help: WrittenWithHelpSchema,
});
export type GalleryImage = z.output<typeof GalleryImageSchema>;

export const GalleryImageDetailsSchema = GalleryImageSchema.extend({
  comments: z.array(GalleryCommentSchema),
});
export type GalleryImageDetails = z.output<typeof GalleryImageDetailsSchema>;

export const LikeAnswerSchema = z.object({ liked: z.boolean(), total_likes: z.number() });
export type LikeAnswer = z.output<typeof LikeAnswerSchema>;
