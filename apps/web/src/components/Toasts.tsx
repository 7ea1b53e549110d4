// The unstyled build: the default one injects its CSS as an inline <style>, which the CSP refuses.
import 'react-toastify/dist/ReactToastify.css';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { toastDefaults } from './toast';

/**
 * Where toasts show (8 seconds, top right). Toasts raised before it mounts wait for it. Beside the
 * app rather than in it: the app is inert while a dialog is open (lib/a11y/dialogFocus), and a
 * toast raised as a dialog closes must still be announced. Only ever rendered in the browser.
 */
export default function Toasts() {
  return createPortal(<ToastContainer autoClose={toastDefaults.autoClose} position={toastDefaults.position} newestOnTop />, document.body);
}
