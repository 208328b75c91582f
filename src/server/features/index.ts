import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/lib/context.ts';
import { registerAnalytics } from './analytics/index.ts';
import { registerAuth } from './auth/index.ts';
import { registerBilling } from './billing/index.ts';
import { registerChat } from './chat/index.ts';
import { registerCompanies } from './companies/index.ts';
import { registerDirectory } from './directory/index.ts';
import { registerEnquiries } from './enquiries/index.ts';
import { registerImages } from './images/index.ts';
import { registerInsights } from './insights/index.ts';
import { registerIntegrations } from './integrations/index.ts';
import { registerLeads } from './leads/index.ts';
import { registerLive } from './live/index.ts';
import { registerMessaging } from './messaging/index.ts';
import { registerPrivacy } from './privacy/index.ts';
import { registerProperties } from './properties/index.ts';
import { registerSite } from './site/index.ts';
import { registerTeam } from './team/index.ts';
import { registerViewings } from './viewings/index.ts';

/** Each feature registers its routes here, in one line. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerDirectory(ctx);
  await registerAuth(app, ctx);
  await registerCompanies(app, ctx);
  await registerProperties(app, ctx);
  await registerLeads(app, ctx);
  await registerSite(app, ctx);
  await registerImages(app, ctx);
  await registerAnalytics(app, ctx);
  await registerBilling(app, ctx);
  await registerPrivacy(app, ctx);
  await registerChat(app, ctx);
  await registerIntegrations(app, ctx);
  await registerViewings(app, ctx);
  await registerEnquiries(app, ctx);
  await registerInsights(app, ctx);
  await registerTeam(app, ctx);
  await registerLive(app, ctx);
  await registerMessaging(app, ctx);
}
