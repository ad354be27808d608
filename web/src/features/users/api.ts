import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { AdminUsersResponse } from '@contract/shop-admin';
import { apiGet, apiRequest } from '../../lib/api-client';
import { filterParams, USERS_PAGE_SIZE, type UserFilter } from './url-state';

const userKeys = {
  all: ['me', 'users'] as const,
  page: (filter: UserFilter) => [...userKeys.all, filter] as const,
};

/** Make Admin's query: the address's filter and the page size the pager counts with. */
const adminQuery = (filter: UserFilter) => {
  const params = filterParams(filter);
  params.set('pageSize', String(USERS_PAGE_SIZE));
  return params.toString();
};

export const getAdminUsers = (filter: UserFilter, signal?: AbortSignal) =>
  apiGet<AdminUsersResponse>(`${apiPaths.adminUsers}?${adminQuery(filter)}`, signal);

/** A page of Make Admin; the one shown stays while the next loads, so the table does not jump. */
export const useAdminUsers = (filter: UserFilter) =>
  useQuery({
    queryKey: userKeys.page(filter),
    queryFn: ({ signal }) => getAdminUsers(filter, signal),
    placeholderData: keepPreviousData,
  });

export const promoteUser = (email: string) =>
  apiRequest<{ acknowledged: true; modifiedCount: number }>(apiPaths.promote(email), { method: 'PUT' });

export function usePromoteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: promoteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
