import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../features/auth/auth-context';
import { ReviewForm } from '../../features/reviews/components/ReviewForm';

export function Component() {
  const auth = useAuth();
  return (
    <>
      <PageTitle title="Add Review" />
      <h2 className="h4 mb-3">Add Review</h2>
      {auth.status === 'signedIn' && <ReviewForm user={auth.user} />}
    </>
  );
}
