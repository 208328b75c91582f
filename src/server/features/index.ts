import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/lib/context.ts';

/** Each feature registers its routes here, in one line. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
