/**
 * Toasts without their library in the first download: the first toast asked for loads
 * react-toastify and mounts its container (ToastHost); react-toastify queues a toast shown before
 * its container is up.
 */
export type ToastKind = 'success' | 'error';

let requested = false;
let onFirstRequest: (() => void) | undefined;

/** The host's wish to hear about the first toast; answers at once if it has already been asked for. */
export function whenToastsWanted(listener: () => void): () => void {
  if (requested) listener();
  else onFirstRequest = listener;
  return () => {
    if (onFirstRequest === listener) onFirstRequest = undefined;
  };
}

export function showToast(kind: ToastKind, message: string) {
  if (!requested) {
    requested = true;
    onFirstRequest?.();
  }
  void import('react-toastify/unstyled').then(({ toast }) => toast[kind](message));
}
