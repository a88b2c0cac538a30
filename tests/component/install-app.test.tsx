import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteLayout } from '@/client/features/layout/components/site-layout';
import { type InstallOutcome, listenForInstallPrompt } from '@/client/stores/install-prompt';
import { mockApi, notFound } from './api-mock';
import { fakeTimersAndFreshStores } from './fixtures';
import { screenMatches } from './media-query';
import { renderWithRouter } from './render';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPADOS_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

fakeTimersAndFreshStores();

let stopListening: () => void = () => {};

beforeEach(() => {
  // The layout's own calls (shop settings, ...) get the server's 404: the footer simply shows less.
  mockApi({}, { otherwise: notFound });
});

afterEach(() => {
  // Stops listening and resets the store, so no offer or install leaks into the next test.
  stopListening();
  stopListening = () => {};
});

/** As main.tsx does at start-up; stubs (user agent, display mode) must be in place before. */
function startListening() {
  stopListening = listenForInstallPrompt();
}

async function renderShop() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await renderWithRouter(
    <SiteLayout>
      <h1>Shop</h1>
    </SiteLayout>,
  );
  return user;
}

/** Chromium offers the install: a `beforeinstallprompt` event whose sheet answers `outcome`. */
function offerInstall(outcome: InstallOutcome = 'accepted') {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

function pretendIphone() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
}

/** The shop, listening from the start, once the browser offers an install the shopper will answer with `outcome`. */
async function shopOfferingInstall(outcome: InstallOutcome) {
  startListening();
  const user = await renderShop();
  const { prompt } = offerInstall(outcome);
  return { user, prompt };
}

/** The shop on an iPhone (no install offer there), listening from the start. */
async function iphoneShop() {
  pretendIphone();
  startListening();
  return renderShop();
}

const footer = () => screen.getByRole('contentinfo');
const installButton = () => within(footer()).queryByRole('button', { name: 'Install app' });

describe('when the browser offers an install', () => {
  it('keeps the offer instead of the mini-infobar and shows an Install app button in the footer', async () => {
    startListening();
    await renderShop();
    expect(installButton()).not.toBeInTheDocument();

    const { event } = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(installButton()).toBeVisible();
  });

  it('opens the install sheet; once accepted, says so and the button goes', async () => {
    const { user, prompt } = await shopOfferingInstall('accepted');

    await user.click(installButton() as HTMLElement);

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Nkuto Naturals was added to your home screen')).toBeInTheDocument();
    expect(installButton()).not.toBeInTheDocument();
  });

  it('dismissed: no message, and the used offer is dropped', async () => {
    const { user, prompt } = await shopOfferingInstall('dismissed');

    await user.click(installButton() as HTMLElement);

    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(installButton()).not.toBeInTheDocument());
    expect(screen.queryByText('Nkuto Naturals was added to your home screen')).not.toBeInTheDocument();
  });

  it('hides the button once the app is installed (appinstalled), and it stays hidden', async () => {
    startListening();
    await renderShop();
    offerInstall();
    expect(installButton()).toBeVisible();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(installButton()).not.toBeInTheDocument();

    offerInstall();
    expect(installButton()).not.toBeInTheDocument();
  });

  it('is also in the mobile menu, where it opens the install sheet', async () => {
    const { user, prompt } = await shopOfferingInstall('accepted');

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('button', { name: 'Install app' }));

    expect(prompt).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Nkuto Naturals was added to your home screen')).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });
});

describe('on iOS', () => {
  it('explains Add to Home Screen in a dialog; Close puts focus back on the button', async () => {
    const user = await iphoneShop();

    const button = installButton() as HTMLElement;
    await user.click(button);

    // Its code loads when first opened (only iPhones and iPads need it).
    const dialog = await screen.findByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' });
    const steps = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(["Tap the Share button  in Safari's toolbar.", 'Scroll and tap Add to Home Screen.', 'Tap Add.']);
    // The Share icon is named for those who cannot see it.
    expect(within(steps[0] as HTMLElement).getByRole('img', { name: '(a square with an arrow pointing up)' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('Escape closes the steps too', async () => {
    const user = await iphoneShop();
    const button = installButton() as HTMLElement;
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('from the mobile menu: the menu closes, the steps open, and focus returns to the menu button', async () => {
    const user = await iphoneShop();

    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Install app' }));

    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const steps = await screen.findByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' });
    await user.click(within(steps).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog', { name: 'Add Nkuto Naturals to your Home Screen' })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('recognises an iPad that says it is a Mac (touch points)', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPADOS_UA);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    // the test DOM has no maxTouchPoints at all.
    Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
    try {
      startListening();
      await renderShop();
      expect(installButton()).toBeVisible();
    } finally {
      Reflect.deleteProperty(navigator, 'maxTouchPoints');
    }
  });

  it('a Mac without a touch screen is not an iPad', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPADOS_UA);
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    startListening();
    await renderShop();
    expect(installButton()).not.toBeInTheDocument();
  });

  it('shows nothing once the shop runs from the Home Screen', async () => {
    pretendIphone();
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      startListening();
      await renderShop();
      expect(installButton()).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });
});

describe('otherwise', () => {
  it('shows no Install app button, in the footer or the menu', async () => {
    startListening();
    const user = await renderShop();
    expect(installButton()).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('shows none when already running as the installed app (display-mode: standalone)', async () => {
    pretendIphone();
    screenMatches((query) => query === '(display-mode: standalone)');
    startListening();
    await renderShop();
    offerInstall();
    expect(installButton()).not.toBeInTheDocument();
  });
});
