import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AboutPage } from '@/client/features/pages/about-page';
import { OurBrandPage } from '@/client/features/pages/our-brand-page';
import { renderWithRouter } from './render';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('our brand', () => {
  it('tells the story from 2019, scrolled to the top on arrival', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await renderWithRouter(<OurBrandPage />, { path: '/our-brand' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    expect(screen.getByRole('heading', { level: 1, name: 'Our Brand' })).toBeInTheDocument();
    expect(document.title).toBe('Our Brand - Nkuto Naturals');
    expect(screen.getAllByText(/2019/).length).toBeGreaterThan(0);
    for (const name of ['Shea butter', 'African black soap', 'Baobab', 'Moringa']) expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we stand for' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What our customers say' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Shop our products' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/products$/);
  });

  it('leaves the meta description as it was when the page goes', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'The shop';
    document.head.append(meta);
    const { unmount } = await renderWithRouter(<OurBrandPage />, { path: '/our-brand' });
    await waitFor(() => expect(meta.content).toMatch(/^The story of Nkuto Naturals/));
    unmount();
    expect(meta.content).toBe('The shop');
    meta.remove();
  });
});

describe('about', () => {
  it('is a placeholder page with its title and a way on', async () => {
    await renderWithRouter(<AboutPage />, { path: '/about' });
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
    expect(document.title).toBe('About - Nkuto Naturals');
    await userEvent.click(screen.getByRole('link', { name: 'Contact us' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/contact$/);
  });
});
