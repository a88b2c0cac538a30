import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessagesPage } from '@/client/features/admin/messages/components/messages-page';
import type { ContactMessage } from '@/shared/admin-types';
import { heldAnswer, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, signedInAs } from './fixtures';
import { renderWithRouter } from './render';

const ADMIN = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Kofi Admin', email: 'kofi@nkuto.com.gh' };

function message(n: number, overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: `m${n}`,
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    subject: `Subject ${n}`,
    message: `Message ${n}`,
    createdAt: new Date(Date.UTC(2026, 10, 22, 9, 0) - n * 60_000).toISOString(),
    ...overrides,
  };
}

const newest = message(1, {
  name: 'Efua Asante',
  email: 'efua@example.com',
  subject: 'Delivery to Kumasi',
  message: 'Hello,\nDo you deliver to Kumasi?',
  createdAt: '2026-11-22T21:05:00.000Z',
});
const older = message(2, {
  name: 'Kwame Osei',
  email: 'kwame@example.com',
  subject: 'Wholesale',
  message: 'Prices for 20 tubs?',
  createdAt: '2026-11-20T08:30:00.000Z',
});

/** The page and limit each call asked for. */
function pagedAnswers(pages: Record<number, ContactMessage[]>, total: number) {
  const asked: string[] = [];
  const calls = mockApi({
    'GET getContactMessages': (_body, request) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      asked.push(url.search);
      return json({ messages: pages[page] ?? [], total, page, limit: Number(url.searchParams.get('limit')) });
    },
  });
  return { asked, calls };
}

/** The messages page at /admin/messages. */
const openMessages = () => renderWithRouter(<MessagesPage />, { path: '/admin/messages' });

fakeTimersAndFreshStores();

signedInAs(ADMIN);

describe('messages', () => {
  it('shows placeholders, then each message newest first: subject, sender, e-mail link, date and text', async () => {
    const { answer, calls } = heldAnswer('GET getContactMessages');
    await openMessages();

    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Messages - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages');

    answer.resolve(json({ messages: [newest, older], total: 2, page: 1, limit: 10 }));
    const first = await screen.findByRole('article', { name: 'Delivery to Kumasi' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(calls).toEqual([{ key: 'GET getContactMessages', body: undefined, authorization: 'Bearer tok-admin' }]);
    expect(screen.getByText('2 messages')).toBeInTheDocument();

    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual(['Delivery to Kumasi', 'Wholesale']);
    expect(first).toHaveTextContent('From Efua Asante');
    const email = within(first).getByRole('link', { name: 'efua@example.com' });
    expect(email.getAttribute('href')).toMatch(/^mailto:efua@example\.com\?subject=Re%3A%20Delivery%20to%20Kumasi$/);
    expect(within(first).getByText('22 Nov 2026, 21:05')).toHaveAttribute('datetime', '2026-11-22T21:05:00.000Z');
    // The message keeps its line breaks.
    expect(within(first).getByText(/Do you deliver to Kumasi\?/).textContent).toBe('Hello,\nDo you deliver to Kumasi?');
    expect(screen.queryByRole('navigation', { name: 'Messages pages' })).not.toBeInTheDocument();
  });

  it('pages 10 at a time', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => message(i + 1));
    const { asked } = pagedAnswers({ 1: firstPage, 2: [message(11), message(12)] }, 12);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openMessages();

    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('12 messages')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Messages pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(['message-m11', 'message-m12']));
    expect(screen.getByRole('navigation', { name: 'Messages pages' })).toHaveTextContent('Page 2 of 2');
    expect(asked).toEqual(['?page=1&limit=10', '?page=2&limit=10']);
  });

  it("says 'No messages yet' when there are none", async () => {
    pagedAnswers({}, 0);
    await openMessages();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says when the messages cannot be loaded, and Try again loads them', async () => {
    let fail = true;
    mockApi({
      'GET getContactMessages': () => (fail ? json({ message: 'Something went wrong.' }, 500) : json({ messages: [newest], total: 1, page: 1, limit: 10 })),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openMessages();

    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load messages$/);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Delivery to Kumasi' })).toBeInTheDocument();
    expect(screen.getByText('1 message')).toBeInTheDocument();
  });
});
