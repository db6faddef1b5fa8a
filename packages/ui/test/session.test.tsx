import { act, render } from '@testing-library/react';
import { type Cache, mutate, SWRConfig, useSWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, isUnauthorized, serverMessage } from '../src/api.js';
import { handleIfUnauthorized, useSession } from '../src/session.js';
import { useToastStore } from '../src/toast.js';

const member = {
  id: 7,
  username: 'member',
  email: 'member@example.com',
  firstName: null,
  lastName: null,
  role: 'user' as const,
  subscriptionStatus: 'active' as const,
  foiaCredits: 3,
};

let cache: Cache | undefined;
function GrabCache() {
  cache = useSWRConfig().cache;
  return null;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, status: 'loading' });
  useToastStore.setState({ toasts: [] });
});

describe('session store', () => {
  it('loads the user from /api/session, and null for a visitor without logging an error', async () => {
    const asked: string[] = [];
    const answer = (body: unknown) =>
      vi.fn(async (url: string) => {
        asked.push(url);
        return Response.json(body);
      });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', answer({ user: member }));
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ user: { username: 'member' }, status: 'ready' });

    vi.stubGlobal('fetch', answer({ user: null }));
    await useSession.getState().load();
    expect(useSession.getState()).toMatchObject({ user: null, status: 'ready' });
    expect(asked).toEqual(['/api/session', '/api/session']);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('logout clears the user and every cached query and goes to / even when the call fails', async () => {
    render(
      <SWRConfig>
        <GrabCache />
      </SWRConfig>,
    );
    await act(async () => {
      await mutate('/api/my-questions?limit=5', [{ id: 'q1' }], { revalidate: false });
    });
    expect(cache?.get('/api/my-questions?limit=5')?.data).toEqual([{ id: 'q1' }]);
    useSession.setState({ user: member, status: 'ready' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const navigate = vi.fn();
    await act(async () => {
      await useSession.getState().logout(navigate);
    });
    expect(useSession.getState().user).toBeNull();
    expect(cache?.get('/api/my-questions?limit=5')?.data).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(useToastStore.getState().toasts[0]?.title).toBe('Logout failed');
  });
});

describe('API errors', () => {
  it('formats a non-OK response as "<status>: <body>" and detects a 401', () => {
    const error = new HttpError(401, '{"message":"Unauthorized"}', 'Unauthorized');
    expect(error.message).toBe('401: {"message":"Unauthorized"}');
    expect(isUnauthorized(error)).toBe(true);
    expect(serverMessage(error)).toBe('Unauthorized');
    expect(new HttpError(500, '', 'Internal Server Error').message).toBe(
      '500: Internal Server Error',
    );
    expect(isUnauthorized(new HttpError(403, 'Forbidden', 'Forbidden'))).toBe(false);
  });
});

describe('handleIfUnauthorized', () => {
  it('handles a 401 (toast, session cleared, login path later) and leaves other errors', () => {
    vi.useFakeTimers();
    try {
      useSession.setState({ user: member, status: 'ready' });
      const navigate = vi.fn();
      expect(handleIfUnauthorized(new HttpError(403, 'Forbidden', 'Forbidden'), navigate)).toBe(
        false,
      );
      expect(handleIfUnauthorized(undefined, navigate)).toBe(false);
      expect(useSession.getState().user).not.toBeNull();
      expect(useToastStore.getState().toasts).toHaveLength(0);

      const unauthorized = new HttpError(401, '{"message":"Unauthorized"}', 'Unauthorized');
      expect(handleIfUnauthorized(unauthorized, navigate)).toBe(true);
      expect(useSession.getState().user).toBeNull();
      expect(useToastStore.getState().toasts[0]?.title).toBe('Unauthorized');
      vi.runAllTimers();
      expect(navigate).toHaveBeenCalledWith('/auth?tab=login');
    } finally {
      vi.useRealTimers();
    }
  });
});
