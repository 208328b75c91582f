import type { FastifyBaseLogger } from 'fastify';
import type { Viewing } from '#server/db/schema.ts';

/**
 * What happened, as the features tell each other: one typed in-process bus through which a
 * feature reacts to another's change without importing it (docs/decisions/011-event-bus.md).
 *
 * Events are announced after the change is committed, never from inside a transaction: a
 * subscriber reads what it needs, and a rolled-back change must announce nothing. What has to
 * survive a crash (a webhook delivery) is written by the emitter in the same transaction; the
 * bus carries the rest (emails, the live view, caches, activity).
 */
export type DomainEvents = {
  /**
   * A chat or an enquiry became a lead. `hasLeadWebhook`: known by the statement that made it
   * (so the webhook subscriber need not read it again); absent when unknown.
   */
  'lead.created': {
    companyId: string;
    leadId: string;
    hasLeadWebhook?: boolean;
    /** Its email at once, or in the company's digest after this many seconds. */
    email: { kind: 'now' } | { kind: 'digest'; afterSeconds: number };
  };
  /** Leads whose status or assignee changed (several at once for a bulk change). */
  'lead.updated': { companyId: string; leadIds: string[] };
  'viewing.booked': ViewingEvent;
  /** The tenant or an agent moved it: `previousStartsAt` was its time. */
  'viewing.moved': ViewingEvent & { previousStartsAt: Date };
  /** Cancelled by the tenant, an agent, the listing's deletion, or released unconfirmed. */
  'viewing.cancelled': ViewingEvent & { by: 'tenant' | 'agent' | 'property' | 'release' };
  'viewing.confirmed': ViewingEvent;
  /** An agent marked it attended (it was booked): `actorUserId` is who. */
  'viewing.attended': ViewingEvent;
  /** A portal enquiry was stored: what its webhook event carries. */
  'enquiry.received': {
    companyId: string;
    enquiry: { id: string; source: string; propertyId: string | null; status: string };
  };
  /** The company's identity, listings, photos or viewing settings changed (or it was closed). */
  'company.changed': { companyId: string };
};

/**
 * A viewing as it is after the change, the lead of its chat (null until the chat has made one),
 * who did it (`agent` with the member's id, `tenant`, or the system) for a move or cancellation.
 */
export type ViewingEvent = {
  viewing: Viewing;
  leadId: string | null;
  by?: 'tenant' | 'agent' | 'property' | 'release';
  actorUserId?: string | null;
};

export type DomainEventType = keyof DomainEvents;
export type DomainEventHandler<T extends DomainEventType> = (event: DomainEvents[T]) => Promise<void> | void;

export type EventBus = {
  /** Subscribes; returns what unsubscribes. Features subscribe while they register. */
  on<T extends DomainEventType>(type: T, handler: DomainEventHandler<T>): () => void;
  /**
   * Runs every subscriber of `type`, in the order they subscribed, and resolves when all are
   * done. A subscriber that throws is logged and skipped: what emitted the event has already
   * happened, and one subscriber's failure must not undo it or starve the others.
   */
  emit<T extends DomainEventType>(type: T, event: DomainEvents[T]): Promise<void>;
  /**
   * Events gathered while a transaction runs, announced only once it has committed:
   * `const later = bus.afterCommit(); await db.transaction(…later.add(…)…); await later.flush();`
   * A transaction that throws never reaches `flush`, so nothing is announced.
   */
  afterCommit(): PendingEvents;
};

export type PendingEvents = {
  add<T extends DomainEventType>(type: T, event: DomainEvents[T]): void;
  flush(): Promise<void>;
};

type AnyHandler = (event: unknown) => Promise<void> | void;

export function createEventBus(log: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<DomainEventType, AnyHandler[]>();

  const bus: EventBus = {
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as AnyHandler);
      handlers.set(type, list);
      return () => {
        const current = handlers.get(type) ?? [];
        handlers.set(
          type,
          current.filter((each) => each !== handler),
        );
      };
    },
    async emit(type, event) {
      for (const handler of handlers.get(type) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          log.error({ err: error, event: type }, 'An event subscriber failed');
        }
      }
    },
    afterCommit() {
      const pending: { type: DomainEventType; event: unknown }[] = [];
      return {
        add(type, event) {
          pending.push({ type, event });
        },
        async flush() {
          for (const { type, event } of pending.splice(0)) {
            await bus.emit(type, event as never);
          }
        },
      };
    },
  };
  return bus;
}
