import { create } from 'zustand';

/**
 * Chromium's install offer (`beforeinstallprompt`), not in lib.dom: `prompt()` shows the browser's
 * install sheet once; `userChoice` settles with what the shopper picked.
 */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms?: string[];
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: InstallOutcome; platform?: string }>;
}

export type InstallOutcome = 'accepted' | 'dismissed';

/**
 * Whether the shop can be installed, and how (no persistence: every start asks the browser again).
 * - `promptEvent`: the browser's offer, kept so an Install button can use it later.
 * - `installed`: `appinstalled` was seen, or the page already runs as the installed app.
 * - `isIos`: iPhone, iPod or iPad (iPadOS says MacIntel with touch points). iOS never offers an
 *   install prompt: the shopper adds the shop from Safari's Share menu, so we explain how.
 */
export interface InstallPromptState {
  promptEvent: BeforeInstallPromptEvent | null;
  installed: boolean;
  isIos: boolean;
}

const INITIAL: InstallPromptState = { promptEvent: null, installed: false, isIos: false };

export const useInstallPrompt = create<InstallPromptState>()(() => INITIAL);

/** iPhone, iPad or iPod; iPadOS 13+ reports a Mac, told apart by its touch screen. */
export function detectIos(nav: Navigator = navigator): boolean {
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  return nav.platform === 'MacIntel' && nav.maxTouchPoints > 1;
}

/** Running as the installed app: display-mode standalone, or iOS Safari's `navigator.standalone`. */
function isStandalone(): boolean {
  const standaloneMedia = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return standaloneMedia || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Called once at start-up (app.tsx): keeps the browser's install offer instead of its mini-infobar,
 * and forgets it once the app is installed. Returns a function that stops listening and resets the
 * store (for tests).
 */
export function listenForInstallPrompt(): () => void {
  useInstallPrompt.setState({ promptEvent: null, installed: isStandalone(), isIos: detectIos() });

  const onPrompt = (event: Event) => {
    // Our own button asks at a better moment than the browser's infobar.
    event.preventDefault();
    useInstallPrompt.setState({ promptEvent: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => useInstallPrompt.setState({ promptEvent: null, installed: true });

  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', onInstalled);
    useInstallPrompt.setState(INITIAL, true);
  };
}
