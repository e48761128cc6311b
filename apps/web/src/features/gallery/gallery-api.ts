import { queryOptions } from '@tanstack/react-query';
import { galleryRoutes, type CommentForm } from '@juntos/domain';
import { apiCall, type UploadProgress } from '../../lib/api-client';

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (owner: number | undefined) => ['gallery', 'list', owner ?? 'me'] as const,
  details: (id: number) => ['gallery', 'details', id] as const,
};

export const fetchGallery = (owner: number | undefined) =>
  apiCall(galleryRoutes.list, { query: { limit: 100, owner: owner || undefined } });
export const fetchImageDetails = (id: number) => apiCall(galleryRoutes.details, { params: { id } });
/** A gallery: the member's own (no owner) or a friend's; a refusal is an answer, not retried. */
export const galleryQuery = (owner: number | undefined) =>
  queryOptions({ queryKey: galleryKeys.list(owner), queryFn: () => fetchGallery(owner), retry: false });
export const imageDetailsQuery = (id: number) =>
  queryOptions({ queryKey: galleryKeys.details(id), queryFn: () => fetchImageDetails(id) });

/** An image's text fields and its picture, if one was chosen: the body of an upload route. */
export type GalleryForm = { fields: Record<string, string>; file?: File | undefined };
export const galleryFormData = (fields: Record<string, string>, image: File | undefined): GalleryForm => ({
  fields,
  file: image,
});
export const createImage = (form: GalleryForm, onProgress?: UploadProgress) =>
  apiCall(galleryRoutes.create, { body: form, onProgress });
export const updateImage = (id: number, form: GalleryForm, onProgress?: UploadProgress) =>
  apiCall(galleryRoutes.update, { params: { id }, body: form, onProgress });
export const deleteImage = (id: number) => apiCall(galleryRoutes.remove, { params: { id } });
export const likeImage = (id: number) => apiCall(galleryRoutes.like, { params: { id } });
export const commentOnImage = (id: number, comment: CommentForm) =>
  apiCall(galleryRoutes.comment, { params: { id }, body: comment });
