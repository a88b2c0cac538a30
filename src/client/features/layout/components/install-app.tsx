import { lazy, Suspense, useRef, useState } from 'react';
import { InstallIcon } from '@/client/components/icons';
import { toast } from '@/client/lib/toast';
import { useFocusAfterClose } from '@/client/lib/use-focus-trap';
import { install, selectCanPrompt, selectShowIosInstructions } from '@/client/stores/install-actions';
import { useInstallPrompt } from '@/client/stores/install-prompt';

const INSTALLED_MESSAGE = 'Nkuto Naturals was added to your home screen';

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

// Only iPhones and iPads ever open it, after a tap: its code (and the modal dialog's) loads then, not
// with every page's start-up code.
const IosInstallSteps = lazy(() => import('./ios-install-dialog').then((m) => ({ default: m.IosInstallDialog })));

/** Add to Home Screen on iOS, in three steps (ios-install-dialog.tsx), loaded when first opened. */
export function IosInstallDialog({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <IosInstallSteps onClose={onClose} />
    </Suspense>
  );
}
