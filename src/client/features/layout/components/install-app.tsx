import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { button } from '@/client/components/button.css';
import { InstallIcon, Stroke } from '@/client/components/icons';
import { ModalDialog } from '@/client/components/modal-dialog';
import { useFocusAfterClose } from '@/client/lib/use-focus-trap';
import { install, selectCanPrompt, selectShowIosInstructions, useInstallPrompt } from '@/client/stores/install-prompt';
import * as dialogCss from './edit-profile.css';
import * as css from './install-app.css';

const INSTALLED_MESSAGE = 'Nkuto Naturals was added to your home screen';

/** Safari's Share icon (a square with an arrow pointing up), named for those who cannot see it. */
const ShareIcon = () => (
  <Stroke
    label="(a square with an arrow pointing up)"
    className={css.inlineIcon}
    size={20}
    d="M12 3v12M8 7l4-4 4 4M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2"
  />
);

/**
 * "Install app": where the browser offers an install (Chromium's `beforeinstallprompt`), the button
 * opens its install sheet; on iOS, which never offers one, it explains Add to Home Screen. Installed
 * already, or neither: nothing. `onShowInstructions` lets a caller that is about to disappear (the
 * mobile menu) show the iOS steps itself; otherwise they open here and focus comes back to the button.
 */
export function InstallApp({ className, onShowInstructions }: { className: string; onShowInstructions?: () => void }) {
  const canPrompt = useInstallPrompt(selectCanPrompt);
  const showIos = useInstallPrompt(selectShowIosInstructions);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Once the steps are closed (the page behind is no longer inert): focus back on the button.
  useFocusAfterClose(instructionsOpen, buttonRef);

  if (!canPrompt && !showIos && !instructionsOpen) return null;

  const onClick = async () => {
    if (!canPrompt) {
      if (onShowInstructions) onShowInstructions();
      else setInstructionsOpen(true);
      return;
    }
    try {
      if ((await install()) === 'accepted') toast.success(INSTALLED_MESSAGE);
    } catch {
      // The browser refused to show its sheet (already shown once): the offer is gone, so is the button.
    }
  };

  return (
    <>
      {(canPrompt || showIos) && (
        <button ref={buttonRef} type="button" className={className} onClick={() => void onClick()}>
          <InstallIcon />
          Install app
        </button>
      )}
      {instructionsOpen && <IosInstallDialog onClose={() => setInstructionsOpen(false)} />}
    </>
  );
}

/**
 * Add to Home Screen on iOS, in three steps. A native modal <dialog> like Edit Profile: focus stays
 * inside, Escape or Close closes it, and the caller puts focus back on what opened it.
 */
export function IosInstallDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      title="Add Nkuto Naturals to your Home Screen"
      intro="Open the shop like an app, straight from your Home Screen, even on a weak connection."
      initialFocus="button"
      onClose={onClose}
    >
      <ol className={css.steps}>
        <li className={css.step}>
          <span>
            Tap the Share button <ShareIcon /> in Safari's toolbar.
          </span>
        </li>
        <li className={css.step}>
          <span>
            Scroll and tap <strong>Add to Home Screen</strong>.
          </span>
        </li>
        <li className={css.step}>
          <span>
            Tap <strong>Add</strong>.
          </span>
        </li>
      </ol>
      <div className={dialogCss.buttons}>
        <button type="button" className={button({ tone: 'primary' })} onClick={onClose}>
          Got it
        </button>
      </div>
    </ModalDialog>
  );
}
