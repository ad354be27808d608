import Spinner from 'react-bootstrap/Spinner';
import { pageTexts } from '@contract/messages';

export function LoadingSpinner() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" variant="danger">
        <span className="visually-hidden">{pageTexts.loading}</span>
      </Spinner>
    </div>
  );
}
