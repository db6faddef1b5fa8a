import { type CurrentSession, type CurrentUser, type Role, UI_TIMINGS } from '@uapqa/contracts';
import { useEffect, useRef } from 'react';
import { mutate } from 'swr';
import { create } from 'zustand';
import { apiRequest, getJson, isUnauthorized, serverMessage } from './api.js';
import { WAITLIST_STATUS_KEY } from './hooks.js';
import { toast } from './toast.js';

export type SessionStatus = 'loading' | 'ready';

export interface SessionState {
  user: CurrentUser | null;
  status: SessionStatus;
  /**
   * Fetches `/api/session`: the user, or null for a visitor. Not `/api/user`, whose 401 for a
   * visitor would be an error in the console of every signed-out page load.
   */
  load(): Promise<CurrentUser | null>;
  setUser(user: CurrentUser | null): void;
  /**
   * Logs out: clears the user and every cached query, then calls `navigate('/')`, even when
   * the logout call fails (which also shows 'Logout failed').
   */
  logout(navigate: (to: string) => void): Promise<void>;
}

/**
 * Clears every SWR cache entry without refetching, then reloads the public site settings the
 * layout always shows (nothing else: a signed-out page must not ask for a member's data).
 */
export async function clearSwrCache(): Promise<void> {
  await mutate(() => true, undefined, { revalidate: false });
  void mutate(WAITLIST_STATUS_KEY);
}

/**
 * Counts session changes. A `/api/session` answer is applied only if nothing changed the
 * session after it was asked for: a dashboard's refresh that was still on its way when the
 * member logged out must not sign them back in (the server's cookie outlives a failed logout).
 */
let sessionEpoch = 0;

/**
 * The session of the page. It lives in this shared singleton package, so the shell and every
 * remote read the same store.
 */
export const useSession = create<SessionState>()((set, get) => ({
  user: null,
  status: 'loading',
  async load() {
    const asked = ++sessionEpoch;
    let user: CurrentUser | null = null;
    try {
      ({ user } = await getJson<CurrentSession>('/api/session'));
    } catch (error) {
      console.error(error);
    }
    if (asked !== sessionEpoch) return get().user;
    set({ user, status: 'ready' });
    return user;
  },
  setUser(user) {
    sessionEpoch++;
    set({ user, status: 'ready' });
  },
  async logout(navigate) {
    sessionEpoch++;
    try {
      await apiRequest('POST', '/api/logout');
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: serverMessage(error) ?? String(error),
        variant: 'destructive',
      });
    } finally {
      sessionEpoch++;
      set({ user: null, status: 'ready' });
      await clearSwrCache();
      navigate('/');
    }
  },
}));

/** Where each role lands when the landing page redirects a signed-in user. */
export function homeOf(role: Role | string): string {
  switch (role) {
    case 'expert':
      return '/expert-dashboard';
    case 'admin':
      return '/admin-dashboard';
    case 'moderator':
      return '/moderator-dashboard';
    default:
      return '/dashboard';
  }
}

/** The display name of an expert: brandName, else first and last name. */
export function expertName(expert: {
  brandName?: string | null;
  user?: { firstName: string | null; lastName: string | null } | null;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  if (expert.brandName) return expert.brandName;
  const first = expert.user?.firstName ?? expert.firstName ?? '';
  const last = expert.user?.lastName ?? expert.lastName ?? '';
  return `${first} ${last}`.trim();
}

/** Records a React instance on the page; the browser tests check there is exactly one. */
export function registerReactInstance(react: object, owner: string): void {
  const w = globalThis as unknown as { __REACT_COPIES__?: Map<object, string[]> };
  w.__REACT_COPIES__ ??= new Map();
  const owners = w.__REACT_COPIES__.get(react) ?? [];
  if (!owners.includes(owner)) owners.push(owner);
  w.__REACT_COPIES__.set(react, owners);
}

/**
 * A 401 on a guarded page or call: tell the user, then go to the login
 * path after UI_TIMINGS.authFailureRedirectMs.
 */
export function handleUnauthorized(
  navigate: (to: string) => void,
  loginPath = '/auth?tab=login',
): void {
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  useSession.setState({ user: null, status: 'ready' });
  setTimeout(() => navigate(loginPath), UI_TIMINGS.authFailureRedirectMs);
}

/** Handles `error` as handleUnauthorized does when it is a 401; says whether it was. */
export function handleIfUnauthorized(error: unknown, navigate: (to: string) => void): boolean {
  if (!isUnauthorized(error)) return false;
  handleUnauthorized(navigate);
  return true;
}

/**
 * Sends a visitor who arrives logged out at a signed-in page to the login path. Only arriving
 * logged out: a 401 met later is handled where it happens (handleUnauthorized clears the
 * session), so the notice is not shown twice.
 */
export function useSignInIfLoggedOutOnArrival(user: unknown, navigate: (to: string) => void): void {
  const loggedOutOnArrival = useRef(!user);
  useEffect(() => {
    if (loggedOutOnArrival.current) handleUnauthorized(navigate);
  }, [navigate]);
}
