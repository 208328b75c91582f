import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.ts';

function recordingLog() {
  const errors: { event: unknown; message: string }[] = [];
  return {
    errors,
    log: {
      error: (fields: { event: unknown }, message: string) => errors.push({ event: fields.event, message }),
    } as never,
  };
}

describe('event bus', () => {
  it('runs the subscribers of an event in the order they subscribed, with the event', async () => {
    const { log } = recordingLog();
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.on('lead.created', ({ leadId }) => {
      seen.push(`first ${leadId}`);
    });
    bus.on('lead.created', async ({ leadId }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`second ${leadId}`);
    });
    bus.on('lead.updated', () => {
      seen.push('not this one');
    });
    await bus.emit('lead.created', { companyId: 'c1', leadId: 'l1', email: { kind: 'now' } });
    expect(seen).toEqual(['first l1', 'second l1']);
  });

  it('logs a failing subscriber and still runs the others; the emitter never sees the error', async () => {
    const { log, errors } = recordingLog();
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.on('company.changed', () => {
      throw new Error('mail server down');
    });
    bus.on('company.changed', ({ companyId }) => {
      seen.push(companyId);
    });
    await expect(bus.emit('company.changed', { companyId: 'c1' })).resolves.toBe(undefined);
    expect(seen).toEqual(['c1']);
    expect(errors).toEqual([{ event: 'company.changed', message: 'An event subscriber failed' }]);
  });

  it('stops calling a subscriber once it unsubscribes', async () => {
    const { log } = recordingLog();
    const bus = createEventBus(log);
    let calls = 0;
    const off = bus.on('company.changed', () => {
      calls += 1;
    });
    await bus.emit('company.changed', { companyId: 'c1' });
    off();
    await bus.emit('company.changed', { companyId: 'c1' });
    expect(calls).toBe(1);
  });

  it('announces events gathered in a transaction only when flushed, once, and none if it failed', async () => {
    const { log } = recordingLog();
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.on('company.changed', ({ companyId }) => {
      seen.push(companyId);
    });

    const committed = bus.afterCommit();
    committed.add('company.changed', { companyId: 'kept' });
    expect(seen).toEqual([]);
    await committed.flush();
    await committed.flush();
    expect(seen).toEqual(['kept']);

    const rolledBack = bus.afterCommit();
    await expect(
      (async () => {
        rolledBack.add('company.changed', { companyId: 'lost' });
        throw new Error('serialization failure');
      })().then(() => rolledBack.flush()),
    ).rejects.toThrow('serialization failure');
    expect(seen).toEqual(['kept']);
  });
});
