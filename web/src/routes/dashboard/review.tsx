import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../features/auth/auth-context';
import { RequireCustomer } from '../../features/auth/components/guards';
import { ReviewForm } from '../../features/reviews/components/ReviewForm';

export function Component() {
  const auth = useAuth();
  return (
    <RequireCustomer>
      <PageTitle title="Add Review" />
      <h2 className="h4 mb-3">Add Review</h2>
      {auth.status === 'signedIn' && <ReviewForm user={auth.user} />}
    </RequireCustomer>
  );
}
