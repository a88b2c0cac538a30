import { create } from 'zustand';

/** A new version of the app is installed and waiting; `apply` switches to it and reloads. */
export const useAppUpdate = create<{ apply: (() => void) | null }>(() => ({ apply: null }));
