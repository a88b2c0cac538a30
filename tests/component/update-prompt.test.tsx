import { type AnyRootRoute, createRoute } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '@/client/features/pwa/components/update-prompt';
import { useAppUpdate } from '@/client/stores/app-update';
import { freshStoresAndStorage } from './fixtures';
import { renderRoutes, renderWithRouter } from './render';

/** 'New version available' with Reload (workbox-window's waiting worker), never during checkout. */

freshStoresAndStorage();

afterEach(() => {
  act(() => {
    useAppUpdate.setState({ apply: null });
    toast.remove();
  });
});

describe('a new version', () => {
  it('is offered with Reload, which switches to it only when tapped', async () => {
    const apply = vi.fn();
    await renderWithRouter(<UpdatePrompt />, { path: '/products' });
    expect(screen.queryByText('New version available')).not.toBeInTheDocument();

    act(() => useAppUpdate.setState({ apply }));
    expect(await screen.findByText('New version available')).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('waits while the shopper is checking out, and is offered once they leave', async () => {
    // The prompt sits in the root layout, as in the app, so it stays mounted across pages.
    const page = (root: AnyRootRoute, path: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{path}</h1> });
    const { router } = await renderRoutes((root) => [page(root, '/checkout'), page(root, '/products')], { url: '/checkout', layout: <UpdatePrompt /> });
    // The offer's code is loaded once a version waits; here it is already in memory, so loading it,
    // its effect and the toast it would raise all run within act: nothing to wait for.
    await import('@/client/features/pwa/components/update-offer');
    await act(async () => useAppUpdate.setState({ apply: vi.fn() }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('New version available')).not.toBeInTheDocument();

    await act(() => router.navigate({ to: '/products' }));
    expect(await screen.findByRole('heading', { name: '/products' })).toBeInTheDocument();
    expect(await screen.findByText('New version available')).toBeInTheDocument();
  });
});
