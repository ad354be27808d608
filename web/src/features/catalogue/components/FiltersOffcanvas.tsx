import Offcanvas from 'react-bootstrap/Offcanvas';
import type { ReactNode } from 'react';

/**
 * The filters on a phone: a panel over the page, from the left. Loaded the first time a shopper opens
 * it, so its code is not part of the page's first download.
 */
export default function FiltersOffcanvas({
  show,
  onHide,
  resultText,
  children,
}: {
  show: boolean;
  onHide: () => void;
  /** "Show 12 parts" */
  resultText: string;
  children: ReactNode;
}) {
  return (
    <Offcanvas show={show} onHide={onHide} placement="start" aria-labelledby="filters-panel-title">
      <Offcanvas.Header closeButton closeLabel="Close filters">
        <Offcanvas.Title as="h2" className="h5" id="filters-panel-title">
          Filters
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {children}
        <button type="button" className="btn btn-dark w-100 mt-3" onClick={onHide}>
          {resultText}
        </button>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
