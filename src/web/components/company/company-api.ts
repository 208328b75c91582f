import { useMutation } from '@tanstack/react-query';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import type { CompanyProfileForm, RegisterCompanyRequest } from '#shared/schemas/companies.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** Everything that shows the company (user, companies list, dashboard) reads it again. */
async function refreshCompany(companyId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.user }),
    queryClient.invalidateQueries({ queryKey: queryKeys.companies }),
    queryClient.invalidateQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith(`/api/companies/${companyId}`),
    }),
  ]);
}

export function useRegisterCompany() {
  return useMutation({
    mutationFn: (input: RegisterCompanyRequest) =>
      apiRequest<CompanyDto>('POST', '/api/companies/register', input),
    onSuccess: (company) => refreshCompany(company.id),
  });
}

export function useUpdateCompanyProfile(companyId: string) {
  return useMutation({
    mutationFn: (input: CompanyProfileForm) =>
      apiRequest<CompanyDto>('PUT', `/api/companies/${companyId}/profile`, input),
    onSuccess: () => refreshCompany(companyId),
  });
}
