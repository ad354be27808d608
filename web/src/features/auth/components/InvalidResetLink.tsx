import { Link } from 'react-router';
import { passwordResetTexts as texts } from '@contract/messages';
import { pagePaths } from '@contract/pages';

/** A reset link that no longer works (or no token at all): say so, and where to get a new one. */
export function InvalidResetLink() {
  return (
    <>
      <p className="text-danger fw-bold" role="alert">
        {texts.linkInvalid}
      </p>
      <p className="mb-0">
        <Link to={pagePaths.forgotPassword}>{texts.askAgain}</Link>
      </p>
    </>
  );
}
