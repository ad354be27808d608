import type { Location } from 'react-router';

/** What a page may hand /login when it sends someone there. */
export interface LoginPageState {
  /** The page to go back to once signed in. */
  from?: Location;
  /** The password was just reset: say so, and that the new one is the one to use. */
  passwordChanged?: boolean;
}
