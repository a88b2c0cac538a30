import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Role } from '@/shared/constants';

/** The signed-in user (spec section 3: token, role, userId, fullName, email), kept in localStorage. */
export interface Session {
  token: string;
  role: Role;
  userId: string;
  fullName: string;
  email: string;
  /**
   * The account's own phone (`+233…`), null when it has none. Absent in a session kept from
   * before accounts had phones: unknown until the next sign-in.
   */
  phone?: string | null;
  /** The profile photo's URL, null when none; absent in a session kept from before avatars. */
  avatar?: string | null;
}

interface SessionState {
  session: Session | null;
  signIn(session: Session): void;
  update(fields: Partial<Pick<Session, 'fullName' | 'email' | 'phone' | 'avatar'>>): void;
  signOut(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      signIn: (session) => set({ session }),
      update: (fields) => set((state) => (state.session ? { session: { ...state.session, ...fields } } : state)),
      signOut: () => set({ session: null }),
    }),
    // localStorage, not IndexedDB: route guards read it synchronously at start-up.
    { name: 'session', storage: createJSONStorage(() => localStorage) },
  ),
);

export const isAdmin = (session: Session | null): boolean => session?.role === 'admin';
