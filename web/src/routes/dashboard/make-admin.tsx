import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { showToast } from '../../lib/toast';
import { toastMessages } from '@contract/messages';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
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
    <Table responsive hover>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
        </tr>
      </thead>
      <tbody>
        {users.data.map((user, index) => (
          <tr key={user._id}>
            <td>{index + 1}</td>
            <td>{user.name}</td>
            <td className="text-break">{user.email}</td>
            <td>
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
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
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
