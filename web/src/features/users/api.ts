import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { User } from '@contract/users';
import { apiGet, apiRequest } from '../../lib/api-client';

const userKeys = { all: ['me', 'users'] as const };

export const getUsers = (signal?: AbortSignal) => apiGet<User[]>(apiPaths.users, signal);

export const useUsers = () => useQuery({ queryKey: userKeys.all, queryFn: ({ signal }) => getUsers(signal) });

export const promoteUser = (email: string) =>
  apiRequest<{ acknowledged: true; modifiedCount: number }>(apiPaths.promote(email), { method: 'PUT' });

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
