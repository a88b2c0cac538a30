import { createRoute } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageLogPage } from '@/client/features/admin/message-log/components/message-log-page';
import { messageLogSearch } from '@/client/features/admin/message-log/message-log-search';
import { MESSAGE_LOG_TEXTS } from '@/client/features/admin/message-log/texts';
import type { OutboxMessage } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeOutboxMessage, signedInAs, textsOf } from './fixtures';
import { renderRoutes } from './render';

const admin = { token: 'tok-admin', role: 'admin' as const, userId: 'a1', fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh' };

const sent = makeOutboxMessage();
const failed = makeOutboxMessage({
  _id: 'msg2',
  kind: 'order_shipped',
  channel: 'email',
  recipient: 'akosua@example.com',
  subject: 'Your order NK-7K3Q9P is on its way',
  body: 'Hello Akosua,\nYour order is on its way.',
  status: 'failed',
  attempts: 5,
  lastError: 'Mailbox unavailable (550)',
  createdAt: '2026-11-23T14:00:00.000Z',
  sentAt: null,
});
const logged = makeOutboxMessage({
  _id: 'msg3',
  kind: 'owner_low_stock',
  audience: 'owner',
  orderId: null,
  orderNumber: null,
  recipient: '+233201112233',
  body: 'Raw Shea Butter: 2 left.',
  status: 'logged',
  provider: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  sentAt: null,
});
const queued = makeOutboxMessage({ _id: 'msg4', kind: 'payment_received', status: 'queued', createdAt: '2026-11-24T09:00:00.000Z', sentAt: null });

const listOf = (messages: OutboxMessage[], total = messages.length, page = 1) => json({ messages, total, page, limit: 20 });

/** The log answers with `answer(query)`, and the resend of msg2 with `resend`; every list query is kept. */
function logApi(answer: (query: URLSearchParams) => Response | Promise<Response>, resend?: () => Response | Promise<Response>) {
  const queries: string[] = [];
  const calls = mockApi({
    'GET outboxMessages': (_body, request) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      return answer(query);
    },
    ...(resend ? { 'POST outboxMessages/msg2/resend': resend } : {}),
  });
  return { queries, calls };
}

/** The page at /admin/message-log with the route's own validateSearch, opened at `url`. */
async function openAt(url: string) {
  const { router } = await renderRoutes(
    (root) => [createRoute({ getParentRoute: () => root, path: '/admin/message-log', validateSearch: messageLogSearch, component: MessageLogPage })],
    { url },
  );
  return router;
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const table = () => screen.getByRole('table', { name: 'Messages, newest first' });
const rowWith = (text: string) => within(table()).getByText(text).closest('tr') as HTMLElement;
/** A row's cells as they read before any message text is opened (the text behind 'Read message' left out). */
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) =>
      [...cell.childNodes]
        .filter((node) => node.nodeName !== 'DETAILS')
        .map((node) => node.textContent)
        .join(''),
    );

fakeTimersAndFreshStores();

signedInAs(admin);

describe('message log', () => {
  it('lists the messages with when, to whom, how, what and their state: the failure reason under Failed, the hint under Logged only', async () => {
    const answer = deferred();
    const { queries, calls } = logApi(() => answer.promise);
    await openAt('/admin/message-log');

    expect(screen.getByRole('heading', { level: 1, name: 'Message log' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Message log - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages…');

    answer.resolve(listOf([queued, logged, failed, sent], 4));
    await screen.findByText('4 messages');
    expect(queries).toEqual(['page=1&limit=20']);
    expect(calls[0]!.authorization).toBe('Bearer tok-admin');
    expect(textsOf(table(), 'columnheader')).toEqual(['When', 'To', 'Channel', 'What', 'State', 'Actions']);

    const failedRow = rowWith('Mailbox unavailable (550)');
    expect(cellsOf(failedRow)).toEqual([
      '23 Nov 2026, 14:00',
      'akosua@example.com',
      'E-mail',
      'Order shippedNK-7K3Q9P',
      'FailedMailbox unavailable (550)',
      'Resend',
    ]);
    expect(within(failedRow).getByText('Failed')).toHaveAttribute('data-tone', 'danger');
    expect(within(failedRow).getByRole('link', { name: 'NK-7K3Q9P' })).toHaveAttribute('href', '/admin/orders/o1');
    expect(within(failedRow).getByRole('button', { name: 'Resend Order shipped to akosua@example.com' })).toBeEnabled();

    // The owner's alert: marked as the owner's, no order to link, only logged (no gateway).
    const loggedRow = rowWith('Raw Shea Butter: 2 left.');
    expect(cellsOf(loggedRow).slice(1, 5)).toEqual(['+233201112233Owner', 'SMS', 'Owner: low stock', 'Logged onlyNo gateway configured: shown here only']);
    expect(within(loggedRow).queryByRole('link')).not.toBeInTheDocument();
    expect(within(loggedRow).getByRole('button', { name: /^Resend/ })).toBeInTheDocument();

    // Queued: nothing to resend yet.
    const queuedRow = within(table()).getAllByRole('row')[1]!;
    expect(cellsOf(queuedRow).slice(3, 5)).toEqual(['Payment receivedNK-7K3Q9P', 'Queued']);
    expect(within(queuedRow).queryByRole('button')).not.toBeInTheDocument();
    expect(cellsOf(rowWith('Sent')).at(4)).toBe('Sent');
  });

  it("shows each message's text, and an e-mail's subject, on asking", async () => {
    logApi(() => listOf([failed]));
    await openAt('/admin/message-log');
    const row = await waitFor(() => rowWith('Mailbox unavailable (550)'));
    const text = within(row).getByText('Read message');
    const body = within(row).getByText(/Your order is on its way/);
    expect(body).not.toBeVisible();

    await user().click(text);
    expect(body).toBeVisible();
    expect(body.textContent).toBe('Hello Akosua,\nYour order is on its way.');
    expect(within(row).getByText('Your order NK-7K3Q9P is on its way', { exact: false })).toHaveTextContent('Subject: Your order NK-7K3Q9P is on its way');
  });

  it('filters by state from page 1, keeps the filter in the address, and says when none are in that state', async () => {
    const { queries } = logApi((query) => (query.get('status') === 'failed' ? listOf([], 0) : listOf([sent], 45, Number(query.get('page')))));
    const router = await openAt('/admin/message-log?page=2');
    await screen.findByText('Page 2 of 3');

    const state = screen.getByRole('combobox', { name: 'State' });
    expect(textsOf(state, 'option')).toEqual(['All', 'Queued', 'Sent', 'Failed', 'Outcome unknown', 'Logged only']);
    await user().selectOptions(state, 'Failed');
    await waitFor(() => expect(queries).toEqual(['page=2&limit=20', 'status=failed&page=1&limit=20']));
    expect(router.state.location.search).toEqual({ status: 'failed' });
    expect(await screen.findByText('No messages in this state.')).toBeInTheDocument();

    await user().selectOptions(state, 'All');
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&limit=20'));
    expect(router.state.location.search).toEqual({});
  });

  it('opens with the filter of the address (a reload), and drops a state it does not know', async () => {
    const { queries } = logApi(() => listOf([logged]));
    await openAt('/admin/message-log?status=logged');
    await screen.findByText('1 message');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('logged');
    expect(queries).toEqual(['status=logged&page=1&limit=20']);
  });

  it('says when there are no messages yet', async () => {
    logApi(() => listOf([], 0));
    await openAt('/admin/message-log?status=bogus');
    expect(await screen.findByText('No messages yet. Messages appear here when orders are placed.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });

  it('resends a message: the API is asked, the row shows it queued, the toast says so and the row keeps the focus', async () => {
    const answer = deferred();
    let listed: OutboxMessage[] = [failed];
    const { calls } = logApi(
      () => listOf(listed),
      () => answer.promise,
    );
    await openAt('/admin/message-log');
    const row = await waitFor(() => rowWith('Mailbox unavailable (550)'));
    const resend = within(row).getByRole('button', { name: 'Resend Order shipped to akosua@example.com' });

    await user().click(resend);
    expect(resend).toBeDisabled();
    expect(calls.at(-1)).toEqual({ key: 'POST outboxMessages/msg2/resend', body: undefined, authorization: 'Bearer tok-admin' });

    listed = [{ ...failed, status: 'queued', lastError: null, nextAttemptAt: '2026-11-24T10:00:00.000Z', resends: 1 }];
    answer.resolve(json({ message: SERVER_MESSAGES.messageResent, data: listed[0] }));
    expect(await screen.findByText(SERVER_MESSAGES.messageResent)).toBeInTheDocument();
    expect(cellsOf(row).at(4)).toBe('Queued');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(row.contains(document.activeElement)).toBe(true);
    // Then the list is read again (the server's word on every row).
    await waitFor(() => expect(calls.filter((call) => call.key === 'GET outboxMessages')).toHaveLength(2));
  });

  it('an unknown outcome says the gateway may have sent it, and Resend asks first: Cancel keeps it, Send again resends once and the list is read again', async () => {
    const unknown = makeOutboxMessage({
      _id: 'msg2',
      status: 'unknown',
      lastError: 'Hubtel SMS did not answer within 15000 ms: it may have sent the message',
      sentAt: null,
    });
    let listed: OutboxMessage[] = [unknown];
    const answer = deferred();
    const { calls, queries } = logApi(
      () => listOf(listed),
      () => answer.promise,
    );
    await openAt('/admin/message-log');
    const row = await waitFor(() => rowWith(MESSAGE_LOG_TEXTS.unknownHint));
    expect(cellsOf(row).at(4)).toBe(`Outcome unknown${MESSAGE_LOG_TEXTS.unknownHint}${unknown.lastError}`);
    expect(within(row).getByText('Outcome unknown')).toHaveAttribute('data-tone', 'danger');
    const resend = within(row).getByRole('button', { name: 'Resend Order received to +233241234567' });

    // Keyboard: Enter opens the question with Cancel focused; Escape closes it and the focus comes back.
    resend.focus();
    await user().keyboard('{Enter}');
    let dialog = screen.getByRole('alertdialog', { name: 'Send Order received to +233241234567 again?' });
    expect(dialog).toHaveAccessibleDescription(MESSAGE_LOG_TEXTS.confirmResendText);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(resend).toHaveFocus();
    expect(calls.filter((call) => call.key.startsWith('POST'))).toEqual([]);

    await user().click(resend);
    dialog = screen.getByRole('alertdialog');
    await user().click(within(dialog).getByRole('button', { name: MESSAGE_LOG_TEXTS.confirmResend }));
    expect(within(dialog).getByRole('button', { name: MESSAGE_LOG_TEXTS.confirmResend })).toBeDisabled();
    listed = [{ ...unknown, status: 'queued', lastError: null, resends: 1 }];
    answer.resolve(json({ message: SERVER_MESSAGES.messageResent, data: listed[0] }));
    expect(await screen.findByText(SERVER_MESSAGES.messageResent)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST outboxMessages/msg2/resend')).toHaveLength(1);
    await waitFor(() => expect(queries).toHaveLength(2));
    const queuedRow = within(table()).getAllByRole('row')[1]!;
    expect(cellsOf(queuedRow).at(4)).toBe('Queued');
    expect(within(queuedRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it("says why a message cannot be sent again (the server's 409), and leaves its row as it was", async () => {
    logApi(
      () => listOf([failed]),
      () => json({ message: SERVER_MESSAGES.messageSecretGone }, 409),
    );
    await openAt('/admin/message-log');
    const row = await waitFor(() => rowWith('Mailbox unavailable (550)'));
    await user().click(within(row).getByRole('button', { name: /^Resend/ }));
    expect(await screen.findByText(SERVER_MESSAGES.messageSecretGone)).toBeInTheDocument();
    expect(cellsOf(row).at(4)).toBe('FailedMailbox unavailable (550)');
    expect(within(row).getByRole('button', { name: /^Resend/ })).toBeEnabled();
  });

  it('says when the log cannot be loaded, and Try again loads it', async () => {
    let fail = true;
    logApi(() => (fail ? json({ message: 'Database unavailable' }, 503) : listOf([sent])));
    await openAt('/admin/message-log');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the message log');
    fail = false;
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 message')).toBeInTheDocument();
  });
});
