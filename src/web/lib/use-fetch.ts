import { useEffect, useState } from 'react';
import { apiRequest } from './api.ts';

type Fetched<T> = { url: string | null; data?: T; error?: unknown };

/**
 * The JSON at a URL (GET with apiRequest), fetched again when the URL changes; null fetches
 * nothing. For the chat entry (src/web/chat/), which must stay small on a phone and so does
 * without TanStack Query; the signed-in app uses `useQuery`.
 */
export function useFetch<T>(url: string | null): { data: T | undefined; error: unknown } {
  const [fetched, setFetched] = useState<Fetched<T>>({ url: null });
  useEffect(() => {
    if (url === null) return;
    let isCurrent = true;
    apiRequest<T>('GET', url).then(
      (data) => {
        if (isCurrent) setFetched({ url, data });
      },
      (error: unknown) => {
        if (isCurrent) setFetched({ url, error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [url]);
  // Until the new URL answers, nothing is shown of the previous one.
  return fetched.url === url && url !== null
    ? { data: fetched.data, error: fetched.error }
    : { data: undefined, error: undefined };
}
