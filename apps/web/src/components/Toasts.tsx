// The unstyled build: the default one injects its CSS as an inline <style>, which the CSP refuses.
import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify/unstyled';
import { toastDefaults } from './toast';

/** Where toasts show (8 seconds, top right). Toasts raised before it mounts wait for it. */
export default function Toasts() {
  return <ToastContainer autoClose={toastDefaults.autoClose} position={toastDefaults.position} newestOnTop />;
}
