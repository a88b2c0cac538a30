import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AvatarPicker } from '@/client/features/layout/components/avatar-picker';
import { configureHttp } from '@/client/lib/http';
import { queryClient } from '@/client/lib/query-client';
import { sessionExpired } from '@/client/stores/account';
import { type Session, useSession } from '@/client/stores/session';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { json } from './api-mock';
import { resetStores } from './fixtures';

/** The picker saves through a mutation: the app's query cache around it, as in the app. */
const WithQueries = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

const SESSION: Session = { token: 'tok-1', role: 'customer', userId: 'u1', fullName: 'Ama Mensah', email: 'ama@example.com', phone: null, avatar: null };
const PHOTO_URL = '/uploads/0123456789abcdef0123456789abcdef-320.webp';
const userAnswer = (avatar: string | null) => ({
  message: 'Profile updated successfully',
  data: { _id: 'u1', fullName: 'Ama Mensah', email: 'ama@example.com', role: 'customer', createdAt: '2026-11-01T10:00:00.000Z', phone: null, avatar },
});

/** Every call to the API: method, path, the Authorization and Content-Type headers and the raw body. */
function mockAvatarApi(answer: (method: string) => Response) {
  const calls: { method: string; path: string; authorization: string | null; contentType: string | null; body: string }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const body = await request.text();
    calls.push({ method: request.method, path, authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type'), body });
    return answer(request.method);
  });
  return calls;
}

const photoInput = () => screen.getByLabelText('Choose a photo', { selector: 'input' });
const png = (size = 100) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

beforeEach(() => {
  configureHttp({ token: () => useSession.getState().session?.token ?? null, unauthorized: sessionExpired });
  resetStores();
  useSession.setState({ session: SESSION });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AvatarPicker', () => {
  it('shows the initials without a photo, and no Remove', () => {
    render(<AvatarPicker />, { wrapper: WithQueries });
    expect(screen.getByRole('group', { name: 'Profile photo' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('data-initials', 'AM');
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
  });

  it('previews a chosen photo, uploads it as the multipart avatar file and shows the stored one', async () => {
    const calls = mockAvatarApi(() => json(userAnswer(PHOTO_URL)));
    const u = userEvent.setup();
    render(<AvatarPicker />, { wrapper: WithQueries });
    const file = png();
    await u.upload(photoInput(), file);
    expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('src', 'blob:preview');
    expect(calls).toHaveLength(0); // nothing is sent before Upload
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(useSession.getState().session?.avatar).toBe(PHOTO_URL));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/myAvatar', authorization: 'Bearer tok-1' });
    expect(calls[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[0]?.body).toContain('Content-Disposition: form-data; name="avatar"');
    expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('src', PHOTO_URL);
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
  });

  it('Cancel drops the chosen photo without sending it', async () => {
    const calls = mockAvatarApi(() => json(userAnswer(PHOTO_URL)));
    const u = userEvent.setup();
    render(<AvatarPicker />, { wrapper: WithQueries });
    await u.upload(photoInput(), png());
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('data-initials', 'AM');
    expect(calls).toHaveLength(0);
  });

  it('Remove deletes the photo and the initials come back', async () => {
    useSession.setState({ session: { ...SESSION, avatar: PHOTO_URL } });
    const calls = mockAvatarApi(() => json(userAnswer(null)));
    const u = userEvent.setup();
    render(<AvatarPicker />, { wrapper: WithQueries });
    expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('src', PHOTO_URL);
    await u.click(screen.getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ama Mensah' })).toHaveAttribute('data-initials', 'AM'));
    expect(calls).toMatchObject([{ method: 'DELETE', path: '/api/myAvatar' }]);
    expect(useSession.getState().session?.avatar).toBeNull();
  });

  it('refuses a file that is not an image, or over 5 MB, before sending anything', async () => {
    const calls = mockAvatarApi(() => json(userAnswer(PHOTO_URL)));
    const u = userEvent.setup({ applyAccept: false });
    render(<AvatarPicker />, { wrapper: WithQueries });
    await u.upload(photoInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.notAnImage);
    expect(photoInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    await u.upload(photoInput(), png(5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(SERVER_MESSAGES.imageTooLarge);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the current photo", async () => {
    mockAvatarApi(() => json({ message: SERVER_MESSAGES.notAnImage }, 400));
    const u = userEvent.setup();
    render(<AvatarPicker />, { wrapper: WithQueries });
    await u.upload(photoInput(), png());
    await u.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SERVER_MESSAGES.notAnImage);
    expect(useSession.getState().session?.avatar).toBeNull();
  });
});
