import { useMutation } from '@tanstack/react-query';
import { MEDIA_FORM_FIELD } from '@contract/media-upload';
import { apiPaths } from '@contract/paths';
import type { MediaUpload } from '@contract/shop-admin';
import { apiUpload } from '../../lib/api-client';

/** `POST /api/media` with the photo as a form, and the API client's bearer token. */
export async function uploadPhoto(file: File): Promise<MediaUpload> {
  const form = new FormData();
  form.append(MEDIA_FORM_FIELD, file);
  return apiUpload<MediaUpload>(apiPaths.media, form);
}

export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
