import { useEffect } from 'react';
import Container from 'react-bootstrap/Container';
import { useSearchParams } from 'react-router';
import { reportPopupResult } from '../features/auth/google-popup';

/** Where the Google popup lands: tell the store's window how it went, then close. */
export function Component() {
  const [params] = useSearchParams();
  const failed = params.has('error');
  useEffect(() => {
    reportPopupResult({ type: failed ? 'failed' : 'signed-in' });
    // A moment for the message to leave before the window goes (the opener also checks the session).
    const closing = setTimeout(() => window.close(), 300);
    return () => clearTimeout(closing);
  }, [failed]);
  return (
    <Container className="py-5 text-center">
      <p>{failed ? 'Google sign-in did not complete.' : 'Signed in.'} You can close this window.</p>
    </Container>
  );
}
