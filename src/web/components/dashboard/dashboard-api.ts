import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { DashboardDto, LeadDetailDto } from '#shared/schemas/leads.ts';
import type { ChatbotUrlResponse, PropertyDto, PropertyInput } from '#shared/schemas/properties.ts';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';

export const dashboardUrl = (companyId: string) => `/api/companies/${companyId}/dashboard`;
export const propertiesUrl = (companyId: string) => `/api/companies/${companyId}/properties`;
export const leadUrl = (leadId: string) => `/api/leads/${leadId}`;
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
  return useQuery<DashboardDto>({ queryKey: [dashboardUrl(companyId)] });
}

export function useProperties(companyId: string) {
  return useQuery<PropertyDto[]>({ queryKey: [propertiesUrl(companyId)] });
}

export function useLeadDetail(leadId: string | null) {
  return useQuery<LeadDetailDto>({ queryKey: [leadUrl(leadId ?? '')], enabled: Boolean(leadId) });
}

export function useSaveProperty(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PropertyInput }) =>
      id
        ? apiRequest<PropertyDto>('PUT', `/api/properties/${id}`, input)
        : apiRequest<PropertyDto>('POST', propertiesUrl(companyId), input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [propertiesUrl(companyId)] }),
        queryClient.invalidateQueries({ queryKey: [dashboardUrl(companyId)] }),
      ]);
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
        queryClient.invalidateQueries({ queryKey: [propertiesUrl(companyId)] }),
        queryClient.invalidateQueries({ queryKey: [dashboardUrl(companyId)] }),
      ]);
    },
  });
}

export function useDeleteLead(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', leadUrl(id)),
    // A failure may mean it was deleted elsewhere: the list is refreshed either way.
    onSettled: async (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: [leadUrl(id)] });
      await queryClient.invalidateQueries({ queryKey: [dashboardUrl(companyId)] });
    },
  });
}

export function useReprocessTranscripts(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message?: string }>('POST', `/api/companies/${companyId}/reprocess-transcripts`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [dashboardUrl(companyId)] });
    },
  });
}

export function useGenerateAgentUrl(companyId: string) {
  return useMutation({
    mutationFn: () => apiRequest<ChatbotUrlResponse>('POST', `/api/companies/${companyId}/chatbot-url`),
  });
}
