import { useMutation } from '@tanstack/react-query';
import { MEDIA_FORM_FIELD } from '@contract/media-upload';
import { API_PREFIX, apiPaths } from '@contract/paths';
import type { MediaUpload } from '@contract/shop-admin';
import { accessToken } from '../../lib/access-token';
import { errorFrom } from '../../lib/api-client';

/**
 * `POST /api/media` with the photo as a form, and the API client's bearer token. A form, not JSON,
 * so this call is the one that does not go through `apiRequest`; its refusals come as the same
 * `ApiError`.
 */
export async function uploadPhoto(file: File): Promise<MediaUpload> {
  const form = new FormData();
  form.append(MEDIA_FORM_FIELD, file);
  const token = accessToken.get();
  const response = await fetch(`${API_PREFIX}${apiPaths.media}`, {
    method: 'POST',
    headers: { accept: 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: form,
  });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as MediaUpload;
}

export const useUploadPhoto = () => useMutation({ mutationFn: uploadPhoto });
