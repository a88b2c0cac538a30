import { type ReactNode, type SyntheticEvent, useEffect, useId, useRef } from 'react';
import { useFocusTrap } from '../lib/use-focus-trap';
import { CloseIcon } from './icons';
import * as css from './modal-dialog.css';

/**
 * A native modal <dialog> with a title, a Close button and an optional intro: focus moves inside
 * (to the first element matching `initialFocus`) and stays there (the shared focus trap, also
 * where showModal is missing); Escape, Close or a click on the backdrop calls `onClose`; the caller
 * puts focus back on what opened it.
 */
export function ModalDialog({
  title,
  intro,
  initialFocus,
  onClose,
  children,
}: {
  title: string;
  intro?: string;
  initialFocus: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);
  // After showModal (declared after it, so it runs after it): a closed <dialog> cannot take focus.
  useFocusTrap(dialogRef, { initialFocus, onEscape: onClose });

  // The native 'cancel' (a close request without a key press, e.g. Android's Back) closes through React.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only a backdrop click lands here; the keyboard closes it through the focus trap's Escape
    <dialog
      ref={dialogRef}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={onCancel}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself; the content fills it otherwise.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={css.dialogBody}>
        <div className={css.dialogHeader}>
          <h2 id={titleId} className={css.dialogTitle}>
            {title}
          </h2>
          <button type="button" className={css.closeButton} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {intro && <p className={css.intro}>{intro}</p>}
        {children}
      </div>
    </dialog>
  );
}
