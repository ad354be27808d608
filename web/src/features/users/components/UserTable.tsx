import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { toastMessages } from '@contract/messages';
import { FetchError } from '../../../components/FetchError';
import { ListSearch } from '../../../components/ListSearch';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Pager } from '../../../components/Pager';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { showToast } from '../../../lib/toast';
import { useAdminUsers, usePromoteUser } from '../api';
import { filterFrom, filterParams, USERS_PAGE_SIZE } from '../url-state';

const COLUMNS = ['#', 'Name', 'Email', 'Role'];

/**
 * Make Admin: the accounts newest first, a page at a time (anyone can sign up), each customer with
 * its Make Admin button. The search and the page are kept in the address.
 */
export function UserTable() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const users = useAdminUsers(filter);
  const promote = usePromoteUser();
  if (users.isPending) return <LoadingSpinner />;
  if (users.isError) return <FetchError what="the users" error={users.error} onRetry={() => void users.refetch()} />;

  const makeAdmin = (email: string) =>
    promote.mutate(email, {
      onSuccess: () => showToast('success', toastMessages.adminAdded),
      onError: () => showToast('error', toastMessages.adminFailed),
    });

  const { items, total } = users.data;
  const first = (filter.page - 1) * USERS_PAGE_SIZE;
  return (
    <>
      <ListSearch
        list="Users"
        label="Search users"
        placeholder="E-mail or name"
        q={filter.q}
        onSearch={(q) => setParams(filterParams({ q, page: 1 }))}
      />
      <StackedTable className="table-hover" columns={COLUMNS}>
        {items.length === 0 && (
          <StackedRow>
            <Cell colSpan={COLUMNS.length}>
              No users match.{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => setParams(filterParams({ q: '', page: 1 }))}
              >
                Show every user
              </button>
            </Cell>
          </StackedRow>
        )}
        {items.map((user, index) => (
          <StackedRow key={user._id}>
            <Cell label="#">{first + index + 1}</Cell>
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
      <Pager
        page={filter.page}
        pages={Math.max(1, Math.ceil(total / USERS_PAGE_SIZE))}
        search={(page) => filterParams({ ...filter, page }).toString()}
      />
    </>
  );
}
