import { pageTexts } from '@contract/page-texts';
import { storeConfig } from '../lib/store-config';

export function Footer() {
  return (
    <footer className="bg-dark text-light mt-5 py-4" data-bs-theme="dark">
      <div className="container">
        <div className="row gy-3">
          <div className="col-md-8">
            <h2 className="h4 fw-bold">{storeConfig.name}</h2>
            <p className="mb-0 text-body-secondary">{pageTexts.shopDescription}</p>
          </div>
          <div className="col-md-4">
            <h2 className="h5">{pageTexts.contactUs}</h2>
            <a className="text-light" href={`mailto:${storeConfig.contactEmail}`}>
              {storeConfig.contactEmail}
            </a>
          </div>
        </div>
        <p className="small text-body-secondary mt-4 mb-0">
          © {new Date().getFullYear()} {storeConfig.name}
        </p>
      </div>
    </footer>
  );
}
