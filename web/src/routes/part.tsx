import { memo } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { PartPage } from '../features/catalogue/components/PartPage';

/** Drawn again only when its props change, not at every change of the session (routes/parts.tsx). */
const Part = memo(PartPage);

export function Component() {
  const { partId = '' } = useParams();
  const auth = useAuth();
  // A new part starts afresh (its own queries and state), as a new page does.
  return <Part key={partId} partId={partId} signedIn={auth.status === 'signedIn'} />;
}
