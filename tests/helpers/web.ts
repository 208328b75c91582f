import { vi } from 'vitest';
import type { CompanyDto } from '#shared/schemas/auth.ts';

/** A company on the free plan with its credits untouched, as the signed-in user's `company`. */
export const freeCompany: CompanyDto = {
  id: '6f1c1f38-6c39-4d5e-9f55-1c1b0f0e0a01',
  name: 'Harbour Lettings',
  slug: 'harbour-lettings',
  ownerId: 'user-1',
  email: 'office@harbour.example',
  phone: '020 7946 0000',
  accountType: 'free',
  accountLimit: 30,
  currentCount: 30,
  countResetDate: '2026-01-01T00:00:00.000Z',
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  subscriptionStatus: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
  pendingAccountType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

export type Call = { method: string; url: string; body: unknown };

/** The browser's network edge: answers as the server would, and records what was sent. */
export function stubServer(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
