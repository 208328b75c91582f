import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyCreatedDto,
  ApiKeyDto,
  ApiKeyInput,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecretDto,
} from '#shared/schemas/integrations.ts';
import { apiRequest } from '#web/lib/api.ts';

export const webhooksKey = (companyId: string) => [`/api/companies/${companyId}/webhooks`] as const;
export const deliveriesKey = (endpointId: string) => [`/api/webhooks/${endpointId}/deliveries`] as const;
export const apiKeysKey = (companyId: string) => [`/api/companies/${companyId}/api-keys`] as const;

export function useWebhookEndpoints(companyId: string) {
  return useQuery<WebhookEndpointDto[]>({ queryKey: webhooksKey(companyId) });
}

export function useDeliveries(endpointId: string, isOpen: boolean) {
  // Retries happen in the background: the log is read again each time it is opened.
  return useQuery<WebhookDeliveryDto[]>({
    queryKey: deliveriesKey(endpointId),
    enabled: isOpen,
    refetchOnMount: 'always',
  });
}

export function useApiKeys(companyId: string) {
  return useQuery<ApiKeyDto[]>({ queryKey: apiKeysKey(companyId) });
}

export function useCreateEndpoint(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      apiRequest<WebhookEndpointWithSecretDto>('POST', `/api/companies/${companyId}/webhooks`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(companyId) }),
  });
}

export function useUpdateEndpoint(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: WebhookEndpointUpdate }) =>
      apiRequest<WebhookEndpointDto>('PATCH', `/api/webhooks/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(companyId) }),
  });
}

export function useDeleteEndpoint(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey(companyId) }),
  });
}

export function useRotateSecret() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<WebhookEndpointWithSecretDto>('POST', `/api/webhooks/${id}/rotate-secret`),
  });
}

/** A test event or a resend: one attempt now, then the log and the endpoint's state are read again. */
export function useSendNow(companyId: string, endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string | null) =>
      apiRequest<WebhookDeliveryDto>(
        'POST',
        deliveryId
          ? `/api/webhooks/${endpointId}/deliveries/${deliveryId}/resend`
          : `/api/webhooks/${endpointId}/test`,
      ),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: deliveriesKey(endpointId) });
      client.invalidateQueries({ queryKey: webhooksKey(companyId) });
    },
  });
}

export function useCreateApiKey(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) =>
      apiRequest<ApiKeyCreatedDto>('POST', `/api/companies/${companyId}/api-keys`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey(companyId) }),
  });
}

export function useRevokeApiKey(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ApiKeyDto>('DELETE', `/api/api-keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysKey(companyId) }),
  });
}
