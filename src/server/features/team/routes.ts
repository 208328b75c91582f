import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimits } from '#server/features/auth/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { isUuid, requireCompanyById, requireUser } from '#server/lib/session.ts';
import { authUserSchema, messageResponseSchema } from '#shared/schemas/auth.ts';
import { boundedIdParamsSchema } from '#shared/schemas/params.ts';
import {
  acceptInvitationBodySchema,
  assigneesResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  changeMemberBodySchema,
  createInvitationBodySchema,
  invitationParamsSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationSignupBodySchema,
  invitationsResponseSchema,
  memberParamsSchema,
  memberSchema,
  membersResponseSchema,
  transferOwnershipBodySchema,
} from '#shared/schemas/team.ts';
import { listAudit } from './audit.ts';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
  signUpFromInvitation,
} from './invitations.ts';
import { changeMemberRole, listAssignees, listMembers, removeMember, transferOwnership } from './members.ts';

/** The team: members and roles, invitations, ownership, the audit log (docs/team.md). */
export async function registerTeam(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { perIp } = authRateLimits(root, ctx.env);

  app.get(
    '/api/companies/:id/members',
    { schema: { params: boundedIdParamsSchema, response: { 200: membersResponseSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'team');
      return { members: await listMembers(ctx, company.id) };
    },
  );

  app.patch(
    '/api/companies/:id/members/:userId',
    { schema: { params: memberParamsSchema, body: changeMemberBodySchema, response: { 200: memberSchema } } },
    async (request) => {
      const actor = await requireCompanyById(ctx, request, request.params.id, 'team');
      return changeMemberRole(ctx, { actor, userId: request.params.userId, input: request.body });
    },
  );

  app.delete(
    '/api/companies/:id/members/:userId',
    { schema: { params: memberParamsSchema } },
    async (request, reply) => {
      const actor = await requireCompanyById(ctx, request, request.params.id, 'team');
      await removeMember(ctx, { actor, userId: request.params.userId });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/companies/:id/ownership',
    {
      schema: {
        params: boundedIdParamsSchema,
        body: transferOwnershipBodySchema,
        response: { 200: membersResponseSchema },
      },
    },
    async (request) => {
      const actor = await requireCompanyById(ctx, request, request.params.id, 'ownership');
      return { members: await transferOwnership(ctx, { actor, userId: request.body.userId }) };
    },
  );

  app.get(
    '/api/companies/:id/assignees',
    { schema: { params: boundedIdParamsSchema, response: { 200: assigneesResponseSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id);
      return { assignees: await listAssignees(ctx, company.id) };
    },
  );

  app.get(
    '/api/companies/:id/invitations',
    { schema: { params: boundedIdParamsSchema, response: { 200: invitationsResponseSchema } } },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'team');
      return { invitations: await listInvitations(ctx, company.id) };
    },
  );

  app.post(
    '/api/companies/:id/invitations',
    {
      schema: {
        params: boundedIdParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: invitationSchema.extend({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const actor = await requireCompanyById(ctx, request, request.params.id, 'team');
      const { invitation, delivery } = await createInvitation(ctx, { actor, input: request.body });
      const message =
        delivery === 'sent'
          ? `Invitation sent to ${invitation.email}.`
          : `Invitation to ${invitation.email} saved; our email service is slow, so it may take a few minutes to arrive.`;
      return reply.status(201).send({ ...invitation, message });
    },
  );

  app.delete(
    '/api/companies/:id/invitations/:invitationId',
    { schema: { params: invitationParamsSchema } },
    async (request, reply) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'team');
      if (!isUuid(request.params.invitationId)) throw notFound('Invitation not found');
      await revokeInvitation(ctx, company.id, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/companies/:id/audit',
    {
      schema: {
        params: boundedIdParamsSchema,
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyById(ctx, request, request.params.id, 'team');
      return listAudit(ctx, { companyId: company.id, page: request.query.page });
    },
  );

  // ---- Taking an invitation: the emailed token is the credential ----

  // POST, so that the token stays out of access logs and the browser's history.
  app.post(
    '/api/invitations/preview',
    {
      schema: { body: acceptInvitationBodySchema, response: { 200: invitationPreviewSchema } },
      config: perIp,
    },
    async (request) => previewInvitation(ctx, request.body.token),
  );

  app.post(
    '/api/invitations/accept',
    { schema: { body: acceptInvitationBodySchema, response: { 200: messageResponseSchema } }, config: perIp },
    async (request) => {
      const user = await requireUser(ctx, request);
      await acceptInvitation(ctx, { user, token: request.body.token });
      return { message: 'Welcome to the team.' };
    },
  );

  app.post(
    '/api/invitations/signup',
    { schema: { body: invitationSignupBodySchema, response: { 201: authUserSchema } }, config: perIp },
    async (request, reply) => {
      const { user, cookies } = await signUpFromInvitation(ctx, {
        input: request.body,
        headers: fromNodeHeaders(request.headers),
      });
      reply.header('set-cookie', cookies);
      return reply.status(201).send(user);
    },
  );
}
