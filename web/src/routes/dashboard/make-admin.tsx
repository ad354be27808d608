import { PageTitle } from '../../components/PageTitle';
import { UserTable } from '../../features/users/components/UserTable';

export function Component() {
  return (
    <>
      <PageTitle title="Make Admin" />
      <h2 className="h4 mb-3">Make Admin</h2>
      <UserTable />
    </>
  );
}
