import { describeBedrooms } from '#shared/listing.ts';
import type { PublicCompany } from '#shared/schemas/chat.ts';

/** The facts of a listing shown beside its name: rent and bedrooms, where known. */
export function propertyFacts(property: NonNullable<PublicCompany['property']>): string[] {
  return [
    property.rentalPrice,
    property.bedrooms === null ? null : describeBedrooms(property.bedrooms, 'bed'),
  ].filter((fact): fact is string => Boolean(fact));
}

/**
 * The title and description search engines and link previews show: a chat link is the agency's
 * public listing page (it carries no tenant's data). Before the agency is known: the generic ones.
 */
export function chatPageMeta(company: PublicCompany | null): { title: string; description?: string } {
  if (!company) return { title: 'AI Assistant' };
  const { name, property } = company;
  if (!property) {
    return {
      title: `Chat with ${name}`,
      description: `Ask ${name} about a home to rent and arrange a viewing. Their AI assistant answers at any hour and passes your details straight to the agency.`,
    };
  }
  const facts = propertyFacts(property);
  return {
    title: `${property.name}: chat with ${name}`,
    description: `Ask ${name} about ${property.name}${facts.length > 0 ? ` (${facts.join(', ')})` : ''} and arrange a viewing. Their AI assistant answers at any hour and passes your details straight to the agency.`,
  };
}
