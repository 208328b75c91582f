import type { PaidPlanType } from '#shared/plans.ts';
import type { CheckoutResponse, PortalSessionResponse } from '#shared/schemas/billing.ts';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';

/** The message for a checkout that could not be created. */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return `Failed to create checkout session: ${error.serverMessage ?? error.status}`;
  return 'Network error occurred while creating checkout session';
}

/** The message for session details that could not be loaded. */
export function checkoutDetailsErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return `Failed to retrieve checkout session details: ${error.serverMessage ?? error.status}`;
  }
  return 'Network error occurred while retrieving checkout session details';
}

/** Starts a hosted checkout (or the local test checkout) and leaves the page for it. */
export async function goToCheckout(input: {
  planType: PaidPlanType;
  customerEmail: string;
  customerName: string;
}) {
  const { checkoutUrl } = await apiRequest<CheckoutResponse>(
    'POST',
    '/api/stripe/create-checkout-session',
    input,
  );
  window.location.assign(checkoutUrl);
}

/**
 * Opens the subscription management portal. A refusal by the server is 'Failed to create portal
 * session'; anything else (the network) is 'Failed to access subscription management'.
 */
export async function openBillingPortal(): Promise<void> {
  try {
    const { success, portalUrl } = await apiRequest<PortalSessionResponse>(
      'POST',
      '/api/stripe/create-portal-session',
    );
    if (!success || !portalUrl) throw new ApiError(500, 'No portal URL', null);
    window.location.assign(portalUrl);
  } catch (error) {
    if (error instanceof ApiError) {
      toast({
        title: 'Failed to create portal session',
        description: error.serverMessage ?? 'Please try again in a moment.',
        variant: 'destructive',
      });
    } else {
      toast({
        title: 'Failed to access subscription management',
        description: 'Check your connection and try again.',
        variant: 'destructive',
      });
    }
  }
}
