import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { toastContainerMounted } from '../lib/toast';
import 'react-toastify/dist/ReactToastify.css';

/** Spec section 9: toasts top-right, closing after 5000 ms. */
const TOAST_AUTO_CLOSE_MS = 5000;

/** Loaded with the first toast (ToastHost): most visits never show one. */
export default function Toasts() {
  // After the container's own effects (children's run first): it is listening by now.
  useEffect(toastContainerMounted, []);
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
