import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#server/lib/context.ts';
import { registerAnalytics } from './analytics/analytics-routes.ts';
import { registerAuth } from './auth/routes.ts';
import { registerBilling } from './billing/routes.ts';
import { registerChat } from './chat/routes.ts';
import { registerCompanies } from './companies/routes.ts';
import { registerDirectory } from './directory/index.ts';
import { registerEnquiries } from './enquiries/routes.ts';
import { registerImages } from './images/images-routes.ts';
import { registerInsights } from './insights/routes.ts';
import { registerIntegrations } from './integrations/routes.ts';
import { registerLeads } from './leads/routes.ts';
import { registerLive } from './live/routes.ts';
import { registerMessaging } from './messaging/routes.ts';
import { registerPrivacy } from './privacy/routes.ts';
import { registerProperties } from './properties/routes.ts';
import { registerSite } from './site/site-routes.ts';
import { registerTeam } from './team/routes.ts';
import { registerViewings } from './viewings/routes.ts';

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
