import Card from 'react-bootstrap/Card';
import { useAuth } from '../../features/auth/auth-context';
import { UserPhoto } from '../../features/users/components/UserPhoto';

/** My Profile: who is signed in (the profile form comes with the rest of the dashboard). */
export function Component() {
  const auth = useAuth();
  if (auth.status !== 'signedIn') return null;
  const { user } = auth;
  return (
    <Card className="shadow-sm">
      <Card.Body className="d-flex align-items-center gap-4">
        <UserPhoto src={user.photoURL} size={96} />
        <div>
          <h2 className="h4 mb-1">{user.displayName}</h2>
          <p className="mb-0 text-body-secondary">{user.email}</p>
        </div>
      </Card.Body>
    </Card>
  );
}
