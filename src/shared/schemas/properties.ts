import { z } from 'zod';
import { formatUkDate, parseUkDate, UK_DATE_MAX_LENGTH } from '#shared/dates.ts';

const required = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * The Add/Edit Property form and the body of POST /api/companies/{id}/properties and
 * PUT /api/properties/{id}. The server makes the slug and the agent link.
 */
export const propertyInputSchema = z.object({
  propertyName: required('Property name is required', 255),
  propertyAddress: required('Property address is required'),
  propertyRentalPrice: required('Rental price is required', 100),
  numberOfBedrooms: z
    .number({ error: 'Number of bedrooms must be 0 or greater' })
    .int('Number of bedrooms must be a whole number')
    .min(0, 'Number of bedrooms must be 0 or greater')
    .max(100, 'Number of bedrooms must be 100 or fewer'),
  parkingSpace: required('Parking space is required', 255),
  vacancyDate: z
    .string({ error: 'Vacancy date is required' })
    .trim()
    .min(1, 'Vacancy date is required')
    .max(UK_DATE_MAX_LENGTH, 'Vacancy date must be a real date (dd/mm/yyyy)')
    .refine((text) => parseUkDate(text) !== null, 'Vacancy date must be a real date (dd/mm/yyyy)')
    // Stored in full (15/08/27 → 15/08/2027): the agent and the scoring read it back unambiguously.
    .transform((text) => {
      const date = parseUkDate(text);
      return date ? formatUkDate(date) : text;
    }),
  landlord: required('Landlord is required'),
});
export type PropertyInput = z.infer<typeof propertyInputSchema>;
/** What the form holds while typing: the bedrooms box may be empty. */
export type PropertyFormValues = z.input<typeof propertyInputSchema>;

export const propertySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  propertyName: z.string(),
  slug: z.string(),
  propertyAddress: z.string(),
  propertyRentalPrice: z.string().nullable(),
  numberOfBedrooms: z.number().int().nullable(),
  parkingSpace: z.string().nullable(),
  vacancyDate: z.string().nullable(),
  landlord: z.string().nullable(),
  /** The property's own AI agent link: APP_URL/chatbot/{companySlug}/{propertySlug}. */
  chatbotUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PropertyDto = z.infer<typeof propertySchema>;

export const propertyListSchema = z.array(propertySchema);

export const companyIdParamsSchema = z.object({ id: z.string() });
export const propertyIdParamsSchema = z.object({ id: z.string() });

/** POST /api/companies/{id}/chatbot-url: the agency-wide link, APP_URL/chatbot/{companySlug}. */
export const chatbotUrlResponseSchema = z.object({ url: z.string() });
export type ChatbotUrlResponse = z.infer<typeof chatbotUrlResponseSchema>;
