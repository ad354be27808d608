import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';

/** Spec section 9: toasts top-right, closing after 5000 ms. */
const TOAST_AUTO_CLOSE_MS = 5000;

/** Loaded with the first toast (ToastHost): most visits never show one. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
