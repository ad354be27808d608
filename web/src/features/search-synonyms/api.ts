import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { SynonymGroup, SynonymGroupInput, SynonymGroups } from '@contract/search-synonyms';
import { apiGet, apiRequest } from '../../lib/api-client';
import { productKeys } from '../../lib/query-keys';

export const synonymKeys = { all: ['admin', 'search-synonyms'] as const };

export const getSynonymGroups = (signal?: AbortSignal) => apiGet<SynonymGroups>(apiPaths.searchSynonyms, signal);

export const useSynonymGroups = () =>
  useQuery({ queryKey: synonymKeys.all, queryFn: ({ signal }) => getSynonymGroups(signal) });

export const addSynonymGroup = (group: SynonymGroupInput) =>
  apiRequest<SynonymGroup>(apiPaths.searchSynonyms, { method: 'POST', body: group });

export const removeSynonymGroup = (id: string) =>
  apiRequest<{ acknowledged: true }>(apiPaths.searchSynonymGroup(id), { method: 'DELETE' });

/** A change to the groups changes the list and what every search answers (kept under `products`). */
function useSynonymChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: synonymKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export const useAddSynonymGroup = () => useSynonymChange(addSynonymGroup);
export const useRemoveSynonymGroup = () => useSynonymChange(removeSynonymGroup);
