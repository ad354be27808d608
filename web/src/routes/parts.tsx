import { useAuth } from '../features/auth/auth-context';
import { CataloguePage } from '../features/catalogue/components/CataloguePage';

export function Component() {
  const auth = useAuth();
  return <CataloguePage signedIn={auth.status === 'signedIn'} />;
}
