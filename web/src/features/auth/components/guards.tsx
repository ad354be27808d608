import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pagePaths } from '@contract/pages';
import { apiPaths } from '@contract/paths';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { apiGet } from '../../../lib/api-client';
import { useAuth } from '../auth-context';

/** Role answers straight from the server, checked again on every visit to a guarded page. */
export const useAdminStatus = (email: string | undefined) =>
  useQuery({
    queryKey: ['me', 'admin', email],
    queryFn: ({ signal }) => apiGet<{ admin: boolean }>(apiPaths.adminStatus(email ?? ''), signal),
    enabled: email !== undefined,
    staleTime: 0,
  });

export const useCustomerStatus = (email: string | undefined) =>
  useQuery({
    queryKey: ['me', 'customer', email],
    queryFn: ({ signal }) => apiGet<{ users: boolean }>(apiPaths.customerStatus(email ?? ''), signal),
    enabled: email !== undefined,
    staleTime: 0,
  });

function ToLogin() {
  const location = useLocation();
  return <Navigate to={pagePaths.login} replace state={{ from: location }} />;
}

/** Login guard: a spinner while the session loads; signed out, to /login remembering the page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <LoadingSpinner />;
  if (auth.status === 'signedOut') return <ToLogin />;
  return children;
}

/** Admin guard: a loading indicator while the role is checked; otherwise to /login remembering the page. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const admin = useAdminStatus(auth.status === 'signedIn' ? auth.user.email : undefined);
  if (auth.status === 'loading' || (auth.status === 'signedIn' && admin.isPending)) return <LoadingSpinner />;
  if (auth.status === 'signedOut' || !admin.data?.admin) return <ToLogin />;
  return children;
}

/** Customer guard: a loading indicator while checked; anyone else goes to /. */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const customer = useCustomerStatus(auth.status === 'signedIn' ? auth.user.email : undefined);
  if (auth.status === 'loading' || (auth.status === 'signedIn' && customer.isPending)) return <LoadingSpinner />;
  if (auth.status === 'signedOut') return <ToLogin />;
  if (!customer.data?.users) return <Navigate to={pagePaths.root} replace />;
  return children;
}
