import { button } from '@/client/components/button';
import { Stroke } from '@/client/components/icons';
import { ModalDialog } from '@/client/components/modal-dialog';
import * as dialogCss from './edit-profile.css';
import * as css from './install-app.css';

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
