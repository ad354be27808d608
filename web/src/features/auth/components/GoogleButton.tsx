import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { authErrorMessages } from '@contract/messages';
import { storeConfig } from '../../../lib/store-config';
import { useAuth } from '../auth-context';
import { openSignInPopup } from '../google-popup';

/** Google sign-in in a popup; says plainly when the store has not set it up. */
export function GoogleButton({ onSignedIn }: { onSignedIn: () => void }) {
  const auth = useAuth();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!storeConfig.googleSignIn) {
    return (
      <>
        <Button variant="outline-secondary" className="w-100" disabled aria-describedby="google-off">
          Continue with Google
        </Button>
        <p id="google-off" className="small text-body-secondary mt-2 mb-0">
          {authErrorMessages.googleNotConfigured}
        </p>
      </>
    );
  }

  const start = async () => {
    setError(undefined);
    const popup = openSignInPopup(); // opened inside the click, so it is not blocked
    if (!popup) {
      setError('Your browser blocked the Google window. Allow popups for this site and try again.');
      return;
    }
    setBusy(true);
    try {
      await auth.signInWithGoogle(popup);
      onSignedIn();
    } catch {
      if (!popup.closed) popup.close();
      setError(authErrorMessages.googleFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="outline-dark" className="w-100" onClick={() => void start()} disabled={busy}>
        Continue with Google
      </Button>
      {error && (
        <p className="text-danger fw-bold mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
