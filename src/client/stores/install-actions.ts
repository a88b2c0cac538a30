import { type InstallOutcome, type InstallPromptState, useInstallPrompt } from './install-prompt';

/*
 * What the Install buttons do with the kept offer (install-prompt.ts keeps it from the start): their
 * own chunk, with the footer's and the menu's buttons, not in the start-up code.
 */

/** The Install button can open the browser's own install sheet. */
export const selectCanPrompt = (s: InstallPromptState): boolean => s.promptEvent !== null && !s.installed;

/** iOS, not installed yet: show the Add to Home Screen steps instead. */
export const selectShowIosInstructions = (s: InstallPromptState): boolean => s.isIos && !s.installed && s.promptEvent === null;

/**
 * Opens the browser's install sheet and answers what the shopper chose. The offer can be used only
 * once, so it is dropped either way (the browser may offer again later); 'unavailable' when there
 * was none.
 */
export async function install(): Promise<InstallOutcome | 'unavailable'> {
  const event = useInstallPrompt.getState().promptEvent;
  if (!event) return 'unavailable';
  useInstallPrompt.setState({ promptEvent: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}
