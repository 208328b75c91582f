import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  DashboardDto,
  LeadActivityDto,
  LeadDetailDto,
  LeadListItemDto,
  LeadQuestionsResponse,
  LeadStatus,
  PassedOnQuestion,
} from '#shared/schemas/leads.ts';
import type { ChatbotUrlResponse, PropertyDto, PropertyInput } from '#shared/schemas/properties.ts';
import type { Assignee } from '#shared/schemas/team.ts';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast } from '#web/lib/toast.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';

export const leadsCsvUrl = (companyId: string) => `/api/companies/${companyId}/leads.csv`;

/**
 * A failed mutation's toast: the spec's message as the title, the server's reason (if any) below
 * it. A 401 instead shows the signed-out toast and goes home.
 */
export function useFailureToast() {
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  return useCallback(
    (error: unknown, title: string) => {
      if (redirectIfUnauthorized(error)) return;
      const reason = errorMessage(error, '');
      toast({ title, description: reason && reason !== title ? reason : undefined, variant: 'destructive' });
    },
    [redirectIfUnauthorized],
  );
}

export function useDashboard(companyId: string) {
  return useQuery<DashboardDto>({ queryKey: queryKeys.dashboard(companyId) });
}

/** "My leads": the dashboard as the server filters it for the signed-in member, while shown. */
export function useMyDashboard(companyId: string, { enabled }: { enabled: boolean }) {
  const [url, filter] = queryKeys.myDashboard(companyId);
  return useQuery<DashboardDto>({
    queryKey: queryKeys.myDashboard(companyId),
    queryFn: async () => apiRequest<DashboardDto>('GET', `${url}?${filter}`),
    enabled,
  });
}

/**
 * Applies a change to the leads of every cached dashboard (every lead and "My leads"), so that an
 * edit shows at once whichever list is on screen.
 */
function updateDashboards(
  queryClient: ReturnType<typeof useQueryClient>,
  companyId: string,
  update: (dashboard: DashboardDto) => DashboardDto,
) {
  queryClient.setQueriesData<DashboardDto>({ queryKey: queryKeys.dashboard(companyId) }, (dashboard) =>
    dashboard ? update(dashboard) : dashboard,
  );
}

export function useProperties(companyId: string) {
  return useQuery<PropertyDto[]>({ queryKey: queryKeys.properties(companyId) });
}

/** The members a lead or listing can be given to, by name. */
export function useAssignees(companyId: string) {
  return useQuery<{ assignees: Assignee[] }, Error, Assignee[]>({
    queryKey: queryKeys.assignees(companyId),
    select: (data) => data.assignees,
  });
}

export function useLeadDetail(leadId: string | null) {
  return useQuery<LeadDetailDto>({ queryKey: queryKeys.lead(leadId ?? ''), enabled: Boolean(leadId) });
}

export function useSaveProperty(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PropertyInput }) =>
      id
        ? apiRequest<PropertyDto>('PUT', `/api/properties/${id}`, input)
        : apiRequest<PropertyDto>('POST', queryKeys.properties(companyId)[0], input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.properties(companyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(companyId) }),
      ]);
    },
  });
}

export type PropertyAssignment = { propertyId: string; assigneeId: string | null };

/**
 * Gives a listing to a member, or to nobody (PATCH, which changes nothing else about it). Shown
 * at once in the list; a failure puts the old assignee back and says why.
 */
export function useAssignProperty(companyId: string) {
  const queryClient = useQueryClient();
  const toastFailure = useFailureToast();
  const key = queryKeys.properties(companyId);
  const setAssignee = (propertyId: string, assigneeId: string | null) =>
    queryClient.setQueryData<PropertyDto[]>(key, (list) =>
      list?.map((property) => (property.id === propertyId ? { ...property, assigneeId } : property)),
    );
  return useMutation({
    mutationFn: ({ propertyId, assigneeId }: PropertyAssignment) =>
      apiRequest<PropertyDto>('PATCH', `/api/properties/${propertyId}`, { assigneeId }),
    onMutate: async ({ propertyId, assigneeId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PropertyDto[]>(key)?.find((p) => p.id === propertyId);
      setAssignee(propertyId, assigneeId);
      return { before: before ? (before.assigneeId ?? null) : undefined };
    },
    onError: (error, { propertyId }, context) => {
      if (context?.before !== undefined) setAssignee(propertyId, context.before);
      toastFailure(error, 'The listing could not be assigned');
    },
  });
}

export function useDeleteProperty(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/properties/${id}`),
    // A failure may mean it was deleted elsewhere: the list is refreshed either way.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.properties(companyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(companyId) }),
      ]);
    },
  });
}

export function useDeleteLead(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', queryKeys.lead(id)[0]),
    // A failure may mean it was deleted elsewhere: the list is refreshed either way.
    onSettled: async (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.lead(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(companyId) });
    },
  });
}

export function useReprocessTranscripts(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message?: string }>('POST', `/api/companies/${companyId}/reprocess-transcripts`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(companyId) });
    },
  });
}

type QuestionTick = { leadId: string; index: number; answered: boolean };

/**
 * Ticks a passed-on question answered (or not). The tick shows at once in the table and the side
 * panel; the server's answer then replaces it, and a failure puts the old state back.
 */
export function useAnswerQuestion(companyId: string) {
  const queryClient = useQueryClient();
  const setQuestions = (leadId: string, update: (questions: PassedOnQuestion[]) => PassedOnQuestion[]) => {
    updateDashboards(queryClient, companyId, (dashboard) => ({
      ...dashboard,
      leads: dashboard.leads.map((lead) =>
        lead.id === leadId ? { ...lead, passedOnQuestions: update(lead.passedOnQuestions) } : lead,
      ),
    }));
    queryClient.setQueryData<LeadDetailDto>(queryKeys.lead(leadId), (lead) =>
      lead ? { ...lead, passedOnQuestions: update(lead.passedOnQuestions) } : lead,
    );
  };
  return useMutation({
    mutationFn: ({ leadId, index, answered }: QuestionTick) =>
      apiRequest<LeadQuestionsResponse>('PATCH', `${queryKeys.lead(leadId)[0]}/questions/${index}`, {
        answered,
      }),
    onMutate: ({ leadId, index, answered }) =>
      setQuestions(leadId, (questions) => questions.map((q, i) => (i === index ? { ...q, answered } : q))),
    onSuccess: (data, { leadId }) => setQuestions(leadId, () => data.passedOnQuestions),
    onError: (_error, { leadId, index, answered }) =>
      setQuestions(leadId, (questions) =>
        questions.map((q, i) => (i === index ? { ...q, answered: !answered } : q)),
      ),
  });
}

/** A lead's place in the pipeline and who works it, as the list and the side panel hold them. */
type Placement = Partial<Pick<LeadListItemDto, 'status' | 'lostReason' | 'assigneeId'>>;

/** Writes each lead's new placement into the dashboard's list, without fetching it again. */
function usePlaceLeads(companyId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (placements: Map<string, Placement>) =>
      updateDashboards(queryClient, companyId, (dashboard) => ({
        ...dashboard,
        leads: dashboard.leads.map((lead) => {
          const placement = placements.get(lead.id);
          return placement ? { ...lead, ...placement } : lead;
        }),
      })),
    [queryClient, companyId],
  );
}

export type StatusChange = { leadId: string; status: LeadStatus; lostReason?: string };

/**
 * Moves one lead (the board, the side panel). The move shows at once; a failure puts the lead
 * back where it was and says why. The server's answer (with the new activity) then fills the
 * side panel, so the 2,000-lead list is never fetched again for one move.
 */
export function useSetLeadStatus(companyId: string) {
  const queryClient = useQueryClient();
  const placeLeads = usePlaceLeads(companyId);
  const toastFailure = useFailureToast();
  return useMutation({
    mutationFn: ({ leadId, status, lostReason }: StatusChange) =>
      apiRequest<LeadDetailDto>('PATCH', queryKeys.lead(leadId)[0], { status, lostReason }),
    onMutate: async ({ leadId, status, lostReason }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.dashboard(companyId) });
      const lead = queryClient
        .getQueryData<DashboardDto>(queryKeys.dashboard(companyId))
        ?.leads.find((row) => row.id === leadId);
      placeLeads(
        new Map([[leadId, { status, lostReason: status === 'lost' ? (lostReason ?? null) : null }]]),
      );
      return { before: lead ? { status: lead.status, lostReason: lead.lostReason } : null };
    },
    onError: (error, { leadId }, context) => {
      if (context?.before) placeLeads(new Map([[leadId, context.before]]));
      toastFailure(error, 'The lead could not be moved');
    },
    onSuccess: (lead, change) => {
      // The usual answer is the move already shown: the list is left alone (no second render).
      const shown = change.status === lead.status && (change.lostReason ?? null) === lead.lostReason;
      if (!shown) placeLeads(new Map([[lead.id, { status: lead.status, lostReason: lead.lostReason }]]));
      queryClient.setQueryData(queryKeys.lead(lead.id), lead);
    },
  });
}

export type LeadAssignment = { leadId: string; assigneeId: string | null };

/**
 * Gives one lead to a member, or to nobody (the side panel). Shown at once in the list ("My
 * leads" follows it); a failure puts the old assignee back and says why. The answer carries the
 * new `assigned` entry for the timeline.
 */
export function useAssignLead(companyId: string) {
  const queryClient = useQueryClient();
  const placeLeads = usePlaceLeads(companyId);
  const toastFailure = useFailureToast();
  return useMutation({
    mutationFn: ({ leadId, assigneeId }: LeadAssignment) =>
      apiRequest<LeadDetailDto>('PATCH', queryKeys.lead(leadId)[0], { assigneeId }),
    onMutate: async ({ leadId, assigneeId }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.dashboard(companyId) });
      const lead = queryClient
        .getQueryData<DashboardDto>(queryKeys.dashboard(companyId))
        ?.leads.find((row) => row.id === leadId);
      placeLeads(new Map([[leadId, { assigneeId }]]));
      return { before: lead ? lead.assigneeId : undefined };
    },
    onError: (error, { leadId }, context) => {
      if (context?.before !== undefined) placeLeads(new Map([[leadId, { assigneeId: context.before }]]));
      toastFailure(error, 'The lead could not be assigned');
    },
    onSuccess: async (lead) => {
      queryClient.setQueryData(queryKeys.lead(lead.id), lead);
      // A lead given to the signed-in member joins "My leads", which never held it: read it again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.myDashboard(companyId) });
    },
  });
}

export type BulkStatusChange = { ids: string[]; status: LeadStatus; lostReason?: string };

/** Moves the leads ticked in the table, all or none (POST /api/leads/bulk-status). */
export function useBulkLeadStatus(companyId: string) {
  const queryClient = useQueryClient();
  const placeLeads = usePlaceLeads(companyId);
  return useMutation({
    mutationFn: (change: BulkStatusChange) =>
      apiRequest<{ updated: number }>('POST', '/api/leads/bulk-status', change),
    onSuccess: async (_data, { ids, status, lostReason }) => {
      const placement = { status, lostReason: status === 'lost' ? (lostReason ?? null) : null };
      placeLeads(new Map(ids.map((id) => [id, placement])));
      await Promise.all(ids.map((id) => queryClient.invalidateQueries({ queryKey: queryKeys.lead(id) })));
    },
  });
}

/** Adds a note to a lead; the side panel's timeline then shows it with its author and time. */
export function useAddLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<LeadActivityDto>('POST', `${queryKeys.lead(leadId)[0]}/notes`, { body }),
    onSuccess: (entry) => {
      queryClient.setQueryData<LeadDetailDto>(queryKeys.lead(leadId), (lead) =>
        lead ? { ...lead, activity: [entry, ...lead.activity] } : lead,
      );
    },
  });
}

export function useGenerateAgentUrl(companyId: string) {
  return useMutation({
    mutationFn: () => apiRequest<ChatbotUrlResponse>('POST', `/api/companies/${companyId}/chatbot-url`),
  });
}
