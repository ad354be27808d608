import { createContext, useContext } from 'react';
import type { LoginForm, RegisterForm } from '@contract/auth';
import type { Role } from '@contract/users';
import type { SessionUser } from './api';

export type AuthState =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser; role: Role };

export type Auth = AuthState & {
  signIn(form: LoginForm): Promise<void>;
  register(form: RegisterForm): Promise<void>;
  /** `popup` is opened by the click handler itself, so browsers do not block it. */
  signInWithGoogle(popup: Window): Promise<void>;
  signOut(): Promise<void>;
};

export const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
