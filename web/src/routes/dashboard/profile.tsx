import Card from 'react-bootstrap/Card';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../features/auth/auth-context';
import { NewestPartsCarousel } from '../../features/products/components/NewestPartsCarousel';
import { useProfileInfo } from '../../features/profile/api';
import { AddressVerification } from '../../features/profile/components/AddressVerification';
import { ProfileForm } from '../../features/profile/components/ProfileForm';
import { UserPhoto } from '../../components/UserPhoto';

function ProfileInfoSection() {
  const info = useProfileInfo();
  if (info.isPending) return <LoadingSpinner />;
  if (info.isError) return <FetchError what="your profile" error={info.error} onRetry={() => void info.refetch()} />;
  return <ProfileForm saved={info.data} />;
}

/** My Profile: who is signed in, their saved profile info and the form to change it. */
export function Component() {
  const auth = useAuth();
  if (auth.status !== 'signedIn') return null;
  const { user } = auth;
  return (
    <>
      <PageTitle title="My Profile" />
      <Card className="shadow-sm">
        <Card.Body>
          <div className="d-flex align-items-center gap-4 mb-4">
            <UserPhoto src={user.photoURL} size={96} />
            <div>
              <h2 className="h4 mb-1">{user.displayName}</h2>
              <p className="mb-0 text-body-secondary">{user.email}</p>
              <AddressVerification email={user.email} />
            </div>
          </div>
          <ProfileInfoSection />
        </Card.Body>
      </Card>
      <NewestPartsCarousel />
    </>
  );
}
