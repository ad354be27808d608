import { pageTexts } from '@contract/page-texts';

export function LoadingSpinner() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-danger" role="status">
        <span className="visually-hidden">{pageTexts.loading}</span>
      </div>
    </div>
  );
}
