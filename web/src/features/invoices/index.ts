// The invoices feature's public entry: what other features may use of it.
export { downloadInvoice } from './api';
export { InvoiceButton } from './components/InvoiceButton';
