import type { AppContext } from './context.ts';
import { perContext } from './per-context.ts';

/**
 * What a person of the agency says in a conversation (joining, a message, handing back) reaches a
 * tenant on WhatsApp or SMS through this: the live feature calls `relayToChannel`, the messaging
 * feature registers the relay. A web conversation is left alone by the relay.
 */
export type ChannelRelay = (
  ctx: AppContext,
  input: { conversationId: string; text: string },
) => Promise<void>;

const relays = perContext((): { relay: ChannelRelay | null } => ({ relay: null }));

export function setChannelRelay(ctx: AppContext, relay: ChannelRelay): void {
  relays(ctx).relay = relay;
}

/** Never throws: the message is stored in the conversation either way; a failure is logged. */
export async function relayToChannel(
  ctx: AppContext,
  input: { conversationId: string; text: string },
): Promise<void> {
  const { relay } = relays(ctx);
  if (!relay) return;
  try {
    await relay(ctx, input);
  } catch (error) {
    ctx.log.error(
      { err: error, conversationId: input.conversationId },
      'Could not relay a message to the channel',
    );
  }
}
