import { useParams } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { PartPage } from '../features/catalogue/components/PartPage';

export function Component() {
  const { partId = '' } = useParams();
  const auth = useAuth();
  // A new part starts afresh (its own queries and state), as a new page does.
  return <PartPage key={partId} partId={partId} signedIn={auth.status === 'signedIn'} />;
}
