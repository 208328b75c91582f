import type { ReactNode } from 'react';
import { formatDate } from '#shared/format.ts';
import { describeBedrooms } from '#shared/listing.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { ListPlaceholder } from '#web/components/ui/list-states.tsx';
import {
  AgentLinkButtons,
  PropertyAssignee,
  PropertyEditButtons,
  type PropertyListOptions,
} from './property-actions.tsx';

type PropertyCardsProps = PropertyListOptions & {
  rows: PropertyDto[];
  /** Shown in place of cards: loading, error and empty states. */
  placeholder: ReactNode | null;
};

/** The Property List on a phone: a card per property with its link to copy, in view. */
export function PropertyCards({ rows, placeholder, ...options }: PropertyCardsProps) {
  const { handlers } = options;
  if (placeholder) return <ListPlaceholder>{placeholder}</ListPlaceholder>;
  return (
    <ul className="grid gap-3" aria-label="Properties">
      {rows.map((property) => (
        <li key={property.id} className="grid gap-2 rounded-lg border border-border bg-background p-3">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold break-words">{property.propertyName}</h3>
              <p className="text-sm break-words text-muted-foreground">{property.propertyAddress}</p>
            </div>
            {handlers ? <PropertyEditButtons property={property} {...handlers} isTouch /> : null}
          </div>
          <p className="text-sm">
            {[
              property.propertyRentalPrice,
              property.numberOfBedrooms === null
                ? null
                : describeBedrooms(property.numberOfBedrooms, 'bedroom'),
              property.vacancyDate ? `available ${property.vacancyDate}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm text-muted-foreground">Looked after by</span>
            <PropertyAssignee property={property} {...options} className="h-10 w-auto min-w-36" />
          </div>
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-muted-foreground">Added {formatDate(property.createdAt)}</span>
            <AgentLinkButtons property={property} isTouch />
          </div>
        </li>
      ))}
    </ul>
  );
}
