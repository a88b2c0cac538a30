import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from '@/client/features/pages/contact-page';
import type { ShopSettings } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { resetStores, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

const settings: ShopSettings = {
  ...SHOP_SETTINGS,
  socials: { ...SHOP_SETTINGS.socials, tiktok: 'https://www.tiktok.com/@nkutonaturals', x: 'https://x.com/nkutonaturals' },
};

const message = { name: 'Abena Asante', email: 'abena@example.com', subject: 'Delivery to Ho', message: 'Do you deliver to Ho in the Volta Region?' };

async function fillForm(values: Partial<typeof message>) {
  if (values.name) await userEvent.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await userEvent.type(screen.getByLabelText('Email'), values.email);
  if (values.subject) await userEvent.type(screen.getByLabelText('Subject'), values.subject);
  if (values.message) await userEvent.type(screen.getByLabelText('Message'), values.message);
  await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
}

beforeEach(() => {
  toast.remove();
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('contact page', () => {
  it('shows the banner, the form and the shop contact details from /api/settings', async () => {
    mockApi({ 'GET settings': () => json({ data: settings }) });
    await renderWithRouter(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a Message' })).toBeInTheDocument();
    expect(document.title).toBe('Contact Us - Nkuto Naturals');

    expect(await screen.findByRole('link', { name: '+233 24 123 4567' })).toHaveAttribute('href', 'tel:+233241234567');
    expect(screen.getByRole('link', { name: 'hello@nkutonaturals.com.gh' })).toHaveAttribute('href', 'mailto:hello@nkutonaturals.com.gh');
    expect(screen.getByText('14 Oxford Street, Osu, Accra, Ghana')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/233241234567');
    const socials = within(screen.getByRole('heading', { name: 'Follow us' }).nextElementSibling as HTMLElement);
    expect(socials.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', settings.socials.instagram);
    expect(socials.getByRole('link', { name: /TikTok/ })).toHaveAttribute('href', settings.socials.tiktok);
    expect(socials.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', settings.socials.facebook);
    expect(socials.getByRole('link', { name: /^X/ })).toHaveAttribute('href', settings.socials.x);
  });

  it('offers a retry when the details cannot be loaded', async () => {
    const calls = mockApi({});
    await renderWithRouter(<ContactPage />, { path: '/contact' });
    expect(await screen.findByText('We could not load our contact details right now.', {}, { timeout: 3000 })).toBeInTheDocument();
    vi.restoreAllMocks();
    mockApi({ 'GET settings': () => json({ data: settings }) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '+233 24 123 4567' })).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(0);
  });

  it('every field is required', async () => {
    const calls = mockApi({ 'GET settings': () => json({ data: settings }) });
    await renderWithRouter(<ContactPage />, { path: '/contact' });
    await fillForm({ ...message, subject: '' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(calls.filter((c) => c.key === 'POST contact')).toEqual([]);
  });

  it('sends the message, says "Message sent! ✅" and empties the form', async () => {
    const calls = mockApi({ 'GET settings': () => json({ data: settings }), 'POST contact': () => json({ message: 'Message sent! ✅' }, 201) });
    await renderWithRouter(<ContactPage />, { path: '/contact' });
    await fillForm(message);
    expect(await screen.findByText('Message sent! ✅')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST contact')?.body).toEqual(message);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it.each([
    ['the server fails', () => json({ message: 'Database unavailable' }, 500)],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when %s: "Oops! Something went wrong. Please try again." and the text stays', async (_case, answer) => {
    mockApi({ 'GET settings': () => json({ data: settings }), 'POST contact': answer });
    await renderWithRouter(<ContactPage />, { path: '/contact' });
    await fillForm(message);
    expect(await screen.findByText('Oops! Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(message.message);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
