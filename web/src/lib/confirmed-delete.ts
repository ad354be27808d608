import type { UseMutationResult } from '@tanstack/react-query';
import { showToast } from './toast';
import { pageTexts } from '@contract/messages';

/**
 * The spec's delete: ask 'Do you want to Delete?' first, then say it in a red toast (the order's
 * 'Delete', the product's 'DELETE'); a refusal from the server shows its reason instead.
 */
export function useConfirmedDelete(mutation: UseMutationResult<unknown, Error, string>, deletedMessage: string) {
  return (id: string) => {
    if (!window.confirm(pageTexts.confirmDelete)) return;
    mutation.mutate(id, {
      onSuccess: () => showToast('error', deletedMessage),
      onError: (error) => showToast('error', error.message),
    });
  };
}
