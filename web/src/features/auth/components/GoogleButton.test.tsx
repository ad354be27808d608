import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type Auth } from '../auth-context';
import { GoogleButton } from './GoogleButton';

describe('GoogleButton', () => {
  it('when the store has no Google client configured, then the button is disabled and says why', () => {
    const auth = { status: 'signedOut' } as Auth;
    render(
      <AuthContext.Provider value={auth}>
        <GoogleButton onSignedIn={() => undefined} />
      </AuthContext.Provider>,
    );
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not set up for this store');
  });
});
