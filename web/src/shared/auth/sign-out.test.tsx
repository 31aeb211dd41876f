// Signing out forgets everything the account read: the next person on a shared device must not see
// the previous one's cached data. "Every device" forgets only once the server confirmed it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from './keys';
import { useSignOut } from './sign-out';

afterEach(() => vi.unstubAllGlobals());

function setUp(status: number) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    return new Response(status === 204 ? null : JSON.stringify({ message: 'Fehler' }), { status, headers: { 'Content-Type': 'application/json' } });
  }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(authKeys.me(), { id: 7, firstName: 'Jana' });
  queryClient.setQueryData(['favorites', 'list'], [{ id: 1, title: 'Messehostess (m/w/d)' }]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { calls, queryClient, wrapper };
}

describe('useSignOut', () => {
  it('signs this device out and forgets every cached answer of the account', async () => {
    const { calls, queryClient, wrapper } = setUp(204);
    const after = vi.fn();
    const { result } = renderHook(() => useSignOut({ afterSignOut: after }), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(calls).toEqual(['POST /api/logout']);
    expect(queryClient.getQueryData(['favorites', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(authKeys.me())).toBeNull();
    expect(after).toHaveBeenCalledOnce();
  });

  it('forgets the account on this device even when the server cannot be reached', async () => {
    const { queryClient, wrapper } = setUp(503);
    const { result } = renderHook(() => useSignOut(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(['favorites', 'list'])).toBeUndefined();
  });

  it('"every device" ends all sessions, and keeps the account shown when the server refused', async () => {
    const ok = setUp(204);
    const { result } = renderHook(() => useSignOut({ scope: 'every-device' }), { wrapper: ok.wrapper });
    await act(() => result.current.mutateAsync());
    expect(ok.calls).toEqual(['DELETE /api/me/sessions']);
    expect(ok.queryClient.getQueryData(['favorites', 'list'])).toBeUndefined();

    const refused = setUp(503);
    const second = renderHook(() => useSignOut({ scope: 'every-device' }), { wrapper: refused.wrapper });
    act(() => second.result.current.mutate());
    await waitFor(() => expect(second.result.current.isError).toBe(true));
    expect(refused.queryClient.getQueryData(authKeys.me())).toEqual({ id: 7, firstName: 'Jana' });
  });
});
