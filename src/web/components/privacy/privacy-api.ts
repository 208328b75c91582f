import { useMutation } from '@tanstack/react-query';
import type { CloseAccountRequest } from '#shared/schemas/privacy.ts';
import { apiRequest, throwIfNotOk } from '#web/lib/api.ts';

/**
 * Fetches the export and hands it to the browser as a file download. A fetch rather than a plain
 * link, so that a failure shows a message instead of saving an error as the file.
 */
export async function downloadCompanyData(companyId: string): Promise<void> {
  const response = await fetch(`/api/companies/${encodeURIComponent(companyId)}/export`, {
    credentials: 'include',
  });
  await throwIfNotOk(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'letlead-export.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useCloseAccount(companyId: string) {
  return useMutation({
    mutationFn: (input: CloseAccountRequest) =>
      apiRequest<{ message: string }>('DELETE', `/api/companies/${encodeURIComponent(companyId)}`, input),
  });
}
