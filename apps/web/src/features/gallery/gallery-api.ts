import { queryOptions } from '@tanstack/react-query';
import type {
  Detail,
  GalleryComment,
  GalleryImage,
  GalleryImageDetails,
  LikeAnswer,
  Page,
} from '@juntos/domain';
import { apiRequest, apiUpload, type UploadProgress } from '../../lib/api-client';

export const galleryKeys = {
  all: ['gallery'] as const,
  list: (owner: number | undefined) => ['gallery', 'list', owner ?? 'me'] as const,
  details: (id: number) => ['gallery', 'details', id] as const,
};

export const fetchGallery = (owner: number | undefined) =>
  apiRequest<Page<GalleryImage>>(`/gallery/images/?limit=100${owner ? `&owner=${owner}` : ''}`);
export const fetchImageDetails = (id: number) => apiRequest<GalleryImageDetails>(`/gallery/images/${id}/`);
/** A gallery: the member's own (no owner) or a friend's; a refusal is an answer, not retried. */
export const galleryQuery = (owner: number | undefined) =>
  queryOptions({ queryKey: galleryKeys.list(owner), queryFn: () => fetchGallery(owner), retry: false });
export const imageDetailsQuery = (id: number) =>
  queryOptions({ queryKey: galleryKeys.details(id), queryFn: () => fetchImageDetails(id) });

export function galleryFormData(fields: Record<string, string>, image: File | undefined) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image) form.append('image', image);
  return form;
}
export const createImage = (form: FormData, onProgress?: UploadProgress) =>
  apiUpload<GalleryImageDetails>('/gallery/images/', {
    method: 'POST',
    body: form,
    ...(onProgress && { onProgress }),
  });
export const updateImage = (id: number, form: FormData, onProgress?: UploadProgress) =>
  apiUpload<GalleryImageDetails>(`/gallery/images/${id}/`, {
    method: 'PATCH',
    body: form,
    ...(onProgress && { onProgress }),
  });
export const deleteImage = (id: number) => apiRequest<Detail>(`/gallery/images/${id}/`, { method: 'DELETE' });
export const likeImage = (id: number) =>
  apiRequest<LikeAnswer>(`/gallery/images/${id}/like/`, { method: 'POST' });
export const commentOnImage = (id: number, text: string) =>
  apiRequest<GalleryComment>(`/gallery/images/${id}/comment/`, {
    method: 'POST',
    body: JSON.stringify({ text }),
  });
