import { create } from 'zustand';

interface SessionState {
  /** Set once any call answers 401; the shell then runs the sign-in redirect. */
  unauthorized: boolean;
  markUnauthorized: () => void;
}

/** Session state shared by the shell and every remote (the platform package is a singleton). */
export const useSessionStore = create<SessionState>((set) => ({
  unauthorized: false,
  markUnauthorized: () => set({ unauthorized: true }),
}));
