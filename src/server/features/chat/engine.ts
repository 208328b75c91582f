import { createGuidedEngine } from '#agent/dialogue.ts';
import type { AgentContext, ConversationEngine } from '#agent/types.ts';
import { type ChatProperty, type CompanyDirectory, findProperty } from '#server/features/directory/index.ts';
import { londonNow, now } from '#server/lib/clock.ts';
import { createLlmEngine } from '#server/lib/llm/llm.ts';
import { perContext } from '#server/lib/per-context.ts';

/**
 * The guided agent unless an LLM provider is configured; the LLM agent falls back to the guided
 * one for any turn its provider fails, so the tenant never sees a provider error.
 */
export const engineFor = perContext((ctx): ConversationEngine => {
  if (ctx.engine) return ctx.engine;
  const guided = createGuidedEngine();
  const { ai } = ctx.env;
  if (ai.provider === 'guided') return guided;
  return createLlmEngine({
    provider: ai.provider,
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model ?? '',
    timeoutMs: ai.timeoutMs,
    tokenBudget: ai.tokenBudget,
    fallback: guided,
    onFallback: (error: unknown) => ctx.log.warn({ err: error }, 'LLM turn failed: guided agent used'),
  });
});

let todayCache: { minute: number; today: string } | undefined;

/**
 * "Today" in London as yyyy-mm-dd: the agent reads relative dates against it. Every turn asks,
 * and the time zone arithmetic is not free: the answer is kept for the clock's current minute.
 */
export function londonToday(): string {
  const minute = Math.floor(now().getTime() / 60_000);
  if (todayCache?.minute === minute) return todayCache.today;
  const today = londonNow();
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = String(today.getDate()).padStart(2, '0');
  todayCache = { minute, today: `${today.getFullYear()}-${month}-${day}` };
  return todayCache.today;
}

/** The conversation's property: the link's, else the one the tenant chose on the agency link. */
export function conversationProperty(
  directory: CompanyDirectory,
  propertyId: string | null,
  chosenId: string | null,
): ChatProperty | null {
  // The tenant's choice first: on the agency link they may change their mind.
  return findProperty(directory, { id: chosenId }) ?? findProperty(directory, { id: propertyId });
}

export function agentContext(directory: CompanyDirectory, property: ChatProperty | null): AgentContext {
  return {
    companyName: directory.company.name,
    property: property ? stripSlug(property) : null,
    properties: directory.properties.map(stripSlug),
    today: londonToday(),
  };
}

function stripSlug({ slug: _slug, ...property }: ChatProperty) {
  return property;
}
