import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { showToast } from '../../lib/toast';
import { toastMessages } from '@contract/messages';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
import { Cell, StackedRow, StackedTable } from '../../components/StackedTable';
import { RequireAdmin } from '../../features/auth/components/guards';
import { usePromoteUser, useUsers } from '../../features/users/api';

function UserTable() {
  const users = useUsers();
  const promote = usePromoteUser();

  if (users.isPending) return <LoadingSpinner />;
  if (users.isError) return <FetchError what="the users" error={users.error} onRetry={() => void users.refetch()} />;

  const makeAdmin = (email: string) =>
    promote.mutate(email, {
      onSuccess: () => showToast('success', toastMessages.adminAdded),
      onError: () => showToast('error', toastMessages.adminFailed),
    });

  return (
    <StackedTable className="table-hover" columns={['#', 'Name', 'Email', 'Role']}>
      {users.data.map((user, index) => (
        <StackedRow key={user._id}>
          <Cell label="#">{index + 1}</Cell>
          <Cell label="Name">{user.name}</Cell>
          <Cell label="Email">
            <span className="break-anywhere">{user.email}</span>
          </Cell>
          <Cell label="Role">
            {user.role === 'admin' ? (
              <Badge bg="dark">Admin</Badge>
            ) : (
              <Button
                size="sm"
                variant="outline-dark"
                aria-label={`Make ${user.email} an admin`}
                disabled={promote.isPending}
                onClick={() => makeAdmin(user.email)}
              >
                Make Admin
              </Button>
            )}
          </Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}

export function Component() {
  return (
    <RequireAdmin>
      <PageTitle title="Make Admin" />
      <h2 className="h4 mb-3">Make Admin</h2>
      <UserTable />
    </RequireAdmin>
  );
}
