import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { formatInvoiceNumber } from '@contract/invoices';
import type { Order } from '@contract/orders';
import { ServerError } from '../../../components/ServerError';
import { downloadInvoice } from '../api';

/** A paid order's invoice: its number, and the PDF to save. Nothing before the order is paid (no number yet). */
export function InvoiceButton({ order, className = '' }: { order: Order; className?: string }) {
  const invoiceNumber = order.invoiceNumber;
  const downloading = useMutation({
    mutationFn: (number: number) => downloadInvoice(order._id, number),
  });
  if (invoiceNumber === null) return null;
  return (
    <div className={className}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>
          Invoice <strong>{formatInvoiceNumber(invoiceNumber)}</strong>
        </span>
        <Button
          variant="outline-dark"
          size="sm"
          disabled={downloading.isPending}
          onClick={() => downloading.mutate(invoiceNumber)}
        >
          Invoice (PDF)
        </Button>
      </div>
      <ServerError message={downloading.error?.message} />
    </div>
  );
}
