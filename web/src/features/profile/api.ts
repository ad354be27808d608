import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { ProfileInfo } from '@contract/profile';
import { apiGet, apiRequest } from '../../lib/api-client';

export const profileKeys = { info: ['me', 'profile-info'] as const };

export const getProfileInfo = (signal?: AbortSignal) => apiGet<ProfileInfo | null>(apiPaths.userInfo, signal);

export const saveProfileInfo = (info: ProfileInfo) =>
  apiRequest<ProfileInfo>(apiPaths.userInfo, { method: 'POST', body: info });

/** The signed-in user's saved profile info; null until the first save. */
export const useProfileInfo = () =>
  useQuery({ queryKey: profileKeys.info, queryFn: ({ signal }) => getProfileInfo(signal) });

export function useSaveProfileInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfileInfo,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.info, saved),
  });
}
