import { eq, type SQL } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { type Company, companies, stripeEvents } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { isUuid } from '#server/lib/session.ts';
import { retrieveSubscription, type Stripe, type SubscriptionSnapshot } from '#server/lib/stripe.ts';
import { planSubscriptionSync, type SyncEvent } from './sync-rules.ts';

export type SyncOutcome = 'applied' | 'unchanged' | 'duplicate' | 'ignored';

/** The events that move a company's plan; every other event type is acknowledged and ignored. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
]);

async function findCompany(
  tx: Tx,
  snapshot: SubscriptionSnapshot,
  companyId: string | null,
): Promise<Company | undefined> {
  // Each lookup locks the row it finds until the transaction ends.
  const lockFirst = async (where: SQL) => {
    const [row] = await tx.select().from(companies).where(where).for('update').limit(1);
    return row;
  };
  const bySubscription = await lockFirst(eq(companies.stripeSubscriptionId, snapshot.id));
  if (bySubscription) return bySubscription;
  const id = companyId ?? snapshot.companyId;
  if (id && isUuid(id)) {
    const byId = await lockFirst(eq(companies.id, id));
    if (byId) return byId;
  }
  if (!snapshot.customerId) return undefined;
  return lockFirst(eq(companies.stripeCustomerId, snapshot.customerId));
}

/**
 * Applies a subscription as it is now to its company, in one transaction with the event's
 * once-only record: a replayed event id changes nothing, and if applying fails the record is
 * rolled back so that Stripe's retry is processed. The company row is locked meanwhile, so two
 * instances handling two events for one company apply them one after the other.
 */
export async function applySubscriptionSnapshot(
  ctx: AppContext,
  input: {
    snapshot: SubscriptionSnapshot;
    companyId: string | null;
    eventId: string | null;
    event: SyncEvent;
  },
): Promise<SyncOutcome> {
  const outcome = await ctx.db.transaction(async (tx) => {
    if (input.eventId) {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: input.eventId, type: input.event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (inserted.length === 0) return 'duplicate' as const;
    }
    const company = await findCompany(tx, input.snapshot, input.companyId);
    if (!company) return 'ignored' as const;
    const update = planSubscriptionSync(company, input.snapshot, input.event, now());
    if (!update) return 'unchanged' as const;
    await tx.update(companies).set(update).where(eq(companies.id, company.id));
    return 'applied' as const;
  });
  if (outcome === 'ignored') {
    ctx.log.warn(
      { subscriptionId: input.snapshot.id, eventType: input.event.type },
      'Stripe subscription matches no company',
    );
  }
  return outcome;
}

async function isProcessed(ctx: AppContext, eventId: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId))
    .limit(1);
  return rows.length > 0;
}

/** Re-reads the subscription from Stripe and converges the company on it. */
export async function syncSubscription(
  ctx: AppContext,
  input: { subscriptionId: string; companyId: string | null; eventId: string | null; event: SyncEvent },
): Promise<SyncOutcome> {
  if (input.eventId && (await isProcessed(ctx, input.eventId))) return 'duplicate';
  const snapshot = await retrieveSubscription(ctx, input.subscriptionId);
  if (!snapshot) {
    ctx.log.warn({ subscriptionId: input.subscriptionId }, 'Stripe subscription not found');
    return 'ignored';
  }
  return applySubscriptionSnapshot(ctx, { ...input, snapshot });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Only ids are taken from the event: the subscription's state is re-read from Stripe. */
function subscriptionOf(event: Stripe.Event): { subscriptionId: string | null; companyId: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    if (session.mode !== 'subscription') return { subscriptionId: null, companyId: null };
    return {
      subscriptionId: idOf(session.subscription),
      companyId: session.metadata?.companyId ?? session.client_reference_id ?? null,
    };
  }
  if (event.type === 'invoice.paid') {
    const invoice = event.data.object;
    // API versions before 2025-03-31 had the subscription on the invoice itself.
    const legacy = (object as { subscription?: string | { id: string } | null }).subscription;
    return {
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy),
      companyId: invoice.parent?.subscription_details?.metadata?.companyId ?? null,
    };
  }
  if (event.type.startsWith('customer.subscription.')) {
    const subscription = object as { id?: string; metadata?: Record<string, string> | null };
    return { subscriptionId: subscription.id ?? null, companyId: subscription.metadata?.companyId ?? null };
  }
  return { subscriptionId: null, companyId: null };
}

/** A verified webhook event: processed once, converging the company on Stripe's current state. */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<SyncOutcome> {
  if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
  const { subscriptionId, companyId } = subscriptionOf(event);
  if (!subscriptionId) return 'ignored';
  return syncSubscription(ctx, {
    subscriptionId,
    companyId,
    eventId: event.id,
    event: { type: event.type, created: event.created },
  });
}
