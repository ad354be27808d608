import { PageTitle } from '../../components/PageTitle';
import { RequireAdmin } from '../../features/auth/components/guards';
import { UserTable } from '../../features/users/components/UserTable';

export function Component() {
  return (
    <RequireAdmin>
      <PageTitle title="Make Admin" />
      <h2 className="h4 mb-3">Make Admin</h2>
      <UserTable />
    </RequireAdmin>
  );
}
