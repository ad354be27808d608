import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';

/** Spec section 9: toasts top-right, closing after 5000 ms. */
const TOAST_AUTO_CLOSE_MS = 5000;

/** Loaded after the first paint: no page needs a toast before it has shown itself. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
