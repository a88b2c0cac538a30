import { type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { MenuIcon } from '@/client/components/icons';
import { takeEarlyTap } from '@/client/lib/early-taps';
import { useLateComponent } from '@/client/lib/use-late-component';
import { usePrefetchWhenSettled } from '@/client/lib/use-prefetch-when-settled';
import { backdrop, hamburger, panel } from './layout.css';

// The open panel's contents (links, account, focus trap): not needed for the first screen.
const loadContents = () => import('./mobile-menu-panel');
const loadPanel = () => loadContents().then((m) => m.MenuPanel);
const loadInstallSteps = () => loadContents().then((m) => m.MenuInstallSteps);

/**
 * The small-screen menu (< 1024 px): a hamburger button and a panel sliding in from the left with
 * the category links and the account actions (mobile-menu-panel.tsx, loaded on the first tap or
 * when the phone is idle; a tap before it has arrived opens the panel as it arrives). Focus moves
 * into the panel when it opens and back to the button when it closes; Escape, a link, the close
 * button or the backdrop close it.
 */
export function MobileMenu({ onEditProfile }: { onEditProfile: (returnFocusTo: HTMLElement | null) => void }) {
  const [open, setOpen] = useState(false);
  const [installSteps, setInstallSteps] = useState(false);
  usePrefetchWhenSettled(loadContents);
  const Panel = useLateComponent(open, loadPanel);
  // Only the panel opens the steps: they come right after it.
  const InstallSteps = useLateComponent(Panel !== null, loadInstallSteps);
  // Shown once its contents are here: a tap before they arrive opens it as they do.
  const shown = open && Panel !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const hide = useCallback(() => setOpen(false), []);

  // Tapped on the server's page before the app took over: open now, as the shopper asked.
  useEffect(() => {
    if (takeEarlyTap('menu')) setOpen(true);
  }, []);

  // Following any link closes the panel.
  const onPanelClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close();
  };

  const editProfile = () => {
    close();
    onEditProfile(buttonRef.current);
  };

  // The iOS install steps outlive the panel: it closes, the steps open (MenuInstallSteps).
  const showInstallSteps = () => {
    setOpen(false);
    setInstallSteps(true);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={hamburger}
        aria-label="Menu"
        data-early-tap="menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon />
      </button>
      {shown && <div className={backdrop} aria-hidden="true" data-testid="menu-backdrop" onClick={close} />}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the controls; this only hears that one was followed */}
      <div ref={panelRef} id={panelId} role="dialog" aria-modal="true" aria-labelledby={titleId} className={panel} hidden={!shown} onClick={onPanelClick}>
        {shown && (
          <Panel panelRef={panelRef} titleId={titleId} onClose={close} onHide={hide} onEditProfile={editProfile} onShowInstallSteps={showInstallSteps} />
        )}
      </div>
      {InstallSteps && <InstallSteps open={installSteps} onClose={() => setInstallSteps(false)} returnFocusTo={buttonRef} />}
    </>
  );
}
