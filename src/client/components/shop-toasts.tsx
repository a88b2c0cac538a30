import { Link } from '@tanstack/react-router';
import { ToastBar, Toaster, type ToasterProps } from 'react-hot-toast';
import { TOAST_IDS, toast } from '../lib/toast';
import * as styles from './shop-toasts.css';

/**
 * react-hot-toast's toaster, with the way on under the spec's '{name} added to cart' (its words stay
 * as they are): 'View cart', which closes the toast. Loaded with the toast library after the first
 * screen (components/toaster.tsx), so the link costs the home page's start-up nothing.
 */
export function ShopToasts(props: ToasterProps) {
  return (
    <Toaster {...props}>
      {(shown) => (
        <ToastBar toast={shown}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {shown.id === TOAST_IDS.cartAdded && (
                <Link to="/cart" className={styles.action} onClick={() => toast.dismiss(shown.id)}>
                  View cart
                </Link>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
