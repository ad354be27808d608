import type { UseMutationResult } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import { pageTexts } from '@contract/page-texts';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { showToast } from './toast';

/** What a list asks to delete: its id for the server, its name for the question. */
export interface DeletableItem {
  id: string;
  name: string;
}

interface DeleteTexts {
  /** The question naming the item, e.g. `confirmDeleteQuestion.order`. */
  question: (name: string) => string;
  /** The red toast once it is gone (the order's 'Delete', the product's 'DELETE'). */
  deletedMessage: string;
}

/**
 * The spec's delete: ask 'Do you want to Delete?' first, in a dialog that names the item, then say it
 * in a red toast; a refusal from the server shows its reason instead. The list calls `ask` from its
 * Delete buttons and renders `dialog`.
 */
export function useConfirmedDelete(
  mutation: UseMutationResult<unknown, Error, string>,
  { question, deletedMessage }: DeleteTexts,
) {
  // Kept until the dialog has faded out, so that its question does not go blank while it closes.
  const [asked, setAsked] = useState<DeletableItem | null>(null);
  const [open, setOpen] = useState(false);

  const ask = (item: DeletableItem) => {
    setAsked(item);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const remove = () => {
    if (!asked || mutation.isPending) return;
    mutation.mutate(asked.id, {
      onSuccess: () => showToast('error', deletedMessage),
      onError: (error) => showToast('error', error.message),
      onSettled: close,
    });
  };

  const dialog = createElement(ConfirmDialog, {
    show: open,
    question: asked ? question(asked.name) : '',
    children: pageTexts.confirmDelete,
    confirmLabel: 'Delete',
    busyLabel: 'Deleting…',
    busy: mutation.isPending,
    onConfirm: remove,
    onCancel: close,
    onExited: () => setAsked(null),
  });
  return { ask, dialog };
}
