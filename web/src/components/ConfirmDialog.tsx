import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface ConfirmDialogProps {
  show: boolean;
  /** The dialog's title and accessible name: a question that names what is at stake. */
  question: string;
  /** Said under the question, and read out with it. */
  children: ReactNode;
  /** The danger button, e.g. "Delete". */
  confirmLabel: string;
  /** The danger button while the action runs, e.g. "Deleting…". */
  busyLabel: string;
  /** The action is running: it can no longer be declined, nor asked for twice. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Once it has faded out (the question may be forgotten then, not before). */
  onExited?: () => void;
}

/**
 * A question asked in the page before something that cannot be undone. Focus starts on Cancel, so
 * that an Enter pressed out of habit declines; Escape, a click beside the dialog and Cancel decline;
 * on closing, the modal gives focus back to whatever had it when it opened.
 */
export function ConfirmDialog({
  show,
  question,
  children,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
  onExited,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const decline = () => {
    if (!busy) onCancel();
  };

  return (
    <Modal
      show={show}
      onHide={decline}
      onExited={onExited}
      centered
      aria-labelledby={titleId}
      aria-describedby={bodyId}
    >
      <Modal.Header>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {question}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id={bodyId}>{children}</Modal.Body>
      <Modal.Footer>
        {/* Focused on opening, after the modal has noted where focus was: it goes back there. */}
        <Button variant="outline-secondary" onClick={decline} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
              {busyLabel}
            </>
          ) : (
            confirmLabel
          )}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
