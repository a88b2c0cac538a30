import { isRedirect } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { requireSignedIn, signInNeededText } from '@/client/features/admin/layout/guard';
import { useSession } from '@/client/stores/session';
import { freshStoresAndStorage } from './fixtures';

freshStoresAndStorage();

const guard = (pathname: string, preload = false): unknown => {
  try {
    requireSignedIn({ pathname, href: pathname }, preload);
    return undefined;
  } catch (thrown) {
    return thrown;
  }
};

describe('the admin guard', () => {
  it.each([
    ['/admin', 'Please log in as admin to view dashboard'],
    ['/admin/orders', 'Please log in as admin to view orders'],
    ['/admin/orders/abc123', 'Please log in as admin to view order details'],
    ['/admin/products/low-stock', 'Please log in to view products'],
  ])('tells a signed-out visitor of %s: %s', (path, text) => {
    expect(signInNeededText(path)).toBe(text);
  });

  it('sends a signed-out visitor to sign in with the way back, and says why', async () => {
    render(<Toaster />);
    const thrown = guard('/admin/orders');
    expect(isRedirect(thrown)).toBe(true);
    expect((thrown as { options: { to: string; search: unknown } }).options).toMatchObject({ to: '/signin', search: { redirect: '/admin/orders' } });
    expect(await screen.findByText('Please log in as admin to view orders')).toBeInTheDocument();
  });

  it('redirects a preload quietly and lets a signed-in user through', async () => {
    render(<Toaster />);
    expect(isRedirect(guard('/admin', true))).toBe(true);
    useSession.setState({ session: { token: 't', role: 'customer', userId: 'u1', fullName: 'Ama', email: 'ama@example.com' } });
    expect(guard('/admin')).toBeUndefined();
    expect(screen.queryByText(/Please log in/)).not.toBeInTheDocument();
  });

  it('takes its reason back once the admin signs in: no stale error beside the welcome', async () => {
    render(<Toaster />);
    guard('/admin');
    expect(await screen.findByText('Please log in as admin to view dashboard')).toBeInTheDocument();
    act(() => {
      useSession.getState().signIn({ token: 't', role: 'admin', userId: 'a1', fullName: 'Shop Admin', email: 'admin@example.com' });
      toast.success('Welcome back, Shop Admin! Ready to explore the shop?');
    });
    expect(await screen.findByText(/Welcome back, Shop Admin/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please log in as admin to view dashboard')).not.toBeInTheDocument(), { timeout: 3000 });
  });
});
