/**
 * Toasts without their library in the first download: the first toast asked for loads
 * react-toastify and mounts its container (ToastHost); toasts wait until the container is mounted.
 */
export type ToastKind = 'success' | 'warning' | 'error';

let requested = false;
let onFirstRequest: (() => void) | undefined;
let containerUp: () => void = () => undefined;
/** Settles once the container is mounted (Toasts.tsx), so that no toast is sent before it listens. */
const containerReady = new Promise<void>((resolve) => {
  containerUp = resolve;
});

/** Called by the container once it is mounted. */
export function toastContainerMounted() {
  containerUp();
}

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
  void Promise.all([import('react-toastify/unstyled'), containerReady]).then(([{ toast }]) => toast[kind](message));
}
