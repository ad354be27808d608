/**
 * The popup lands on /auth/popup-done, which tells this window over a BroadcastChannel (it works
 * whatever opener link the provider's pages cut) and closes itself.
 */
export const POPUP_CHANNEL = 'brakehouse-auth';
export type PopupMessage = { type: 'signed-in' } | { type: 'failed' };

export function openSignInPopup(): Window | null {
  const width = 500;
  const height = 640;
  const left = window.screenX + (window.outerWidth - width) / 2;
  const top = window.screenY + (window.outerHeight - height) / 2;
  return window.open(
    'about:blank',
    'brakehouse-google',
    `popup,width=${width},height=${height},left=${left},top=${top}`,
  );
}

export function waitForPopupSignIn(popup: Window, timeoutMs = 5 * 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(POPUP_CHANNEL);
    const finish = (error?: Error) => {
      channel.close();
      clearInterval(closedCheck);
      clearTimeout(timeout);
      if (error) reject(error);
      else resolve();
    };
    channel.onmessage = (event: MessageEvent<PopupMessage>) =>
      finish(event.data.type === 'signed-in' ? undefined : new Error('Google sign-in failed'));
    // A popup closed by hand never reports; give up a moment after it is gone.
    let closedFor = 0;
    const closedCheck = setInterval(() => {
      closedFor = popup.closed ? closedFor + 1 : 0;
      if (closedFor > 6) finish(new Error('The Google window was closed'));
    }, 500);
    const timeout = setTimeout(() => finish(new Error('Google sign-in timed out')), timeoutMs);
  });
}

export function reportPopupResult(message: PopupMessage) {
  const channel = new BroadcastChannel(POPUP_CHANNEL);
  channel.postMessage(message);
  channel.close();
}
