import { useQuery } from '@tanstack/react-query';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useUser } from '#web/lib/use-user.ts';
import { ListingPhotos } from './listing-photos.tsx';

/**
 * The photos of the listing a lead enquired about, from the company's property list (the same
 * query the Properties tab uses, so usually already loaded). Nothing for an agency-wide lead or a
 * listing since deleted.
 */
export function LeadPropertyPhotos({ propertyId }: { propertyId: string | null }) {
  const { user } = useUser();
  const companyId = user?.company?.id;
  const properties = useQuery<PropertyDto[]>({
    queryKey: queryKeys.properties(companyId ?? ''),
    enabled: Boolean(companyId && propertyId),
  });
  const property = properties.data?.find((candidate) => candidate.id === propertyId);
  if (!property) return null;
  return (
    <ListingPhotos photos={property.photos} propertyName={property.propertyName} limit={4} loading="lazy" />
  );
}
