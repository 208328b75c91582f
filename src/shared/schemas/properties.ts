import { z } from 'zod';
import { formatUkDate, parseUkDate, UK_DATE_MAX_LENGTH } from '#shared/dates.ts';
import {
  COUNCIL_TAX_BANDS,
  depositLimit,
  depositLimitMessage,
  EPC_RATINGS,
  FURNISHING_OPTIONS,
  PETS_POLICIES,
} from '#shared/listing.ts';
import { propertyPhotoSchema } from '#shared/schemas/images.ts';
import { requiredText } from '#shared/schemas/text.ts';
import { viewingSettingsSchema } from './viewings.ts';

/** A required text field; both messages name it, as the form's label and an API client's reader do. */
const required = (field: string, max = 500) =>
  requiredText(`${field} is required`, max, `${field} must be at most ${max} characters`);

/** An optional choice: absent, null or "" (the form's "Not stated") all mean not stated. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.literal(''), z.enum(values)], { error: message })
    .nullish()
    .transform((value): T[number] | null => (value ? value : null));

const optionalWholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .nullish()
    .transform((value) => value ?? null);

const FEATURE_MAX_LENGTH = 60;

/**
 * The optional listing details (src/shared/listing.ts): none is required, and left out, null or
 * empty all store "not stated", which the assistant passes on rather than guessing.
 */
const listingDetailsShape = {
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(5000, 'Description must be at most 5,000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
  furnishing: optionalChoice(
    FURNISHING_OPTIONS,
    'Furnishing must be furnished, part-furnished or unfurnished',
  ),
  petsPolicy: optionalChoice(PETS_POLICIES, 'Pets must be allowed, considered or not allowed'),
  billsIncluded: z
    .boolean({ error: 'Bills included must be yes, no or not stated' })
    .nullish()
    .transform((value) => value ?? null),
  councilTaxBand: optionalChoice(COUNCIL_TAX_BANDS, 'Council tax band must be A to H'),
  epcRating: optionalChoice(EPC_RATINGS, 'EPC rating must be A to G'),
  deposit: optionalWholeNumber('Deposit must be a whole number of pounds, 0 or more', 0, 1_000_000),
  minimumTermMonths: optionalWholeNumber('Minimum term must be between 1 and 120 months', 1, 120),
  features: z
    .array(
      z
        .string({ error: 'Each feature must be text' })
        .trim()
        .min(1, 'A feature cannot be empty')
        .max(FEATURE_MAX_LENGTH, `Each feature must be at most ${FEATURE_MAX_LENGTH} characters`),
      { error: 'Features must be a list' },
    )
    .max(30, 'A listing can have at most 30 features')
    .nullish()
    // Lower case and once each: "Garden" and "garden " are the same feature.
    .transform((list) => [...new Set((list ?? []).map((feature) => feature.toLowerCase()))]),
};

/**
 * The Add/Edit Property form and the body of POST /api/companies/{id}/properties and
 * PUT /api/properties/{id}. The server makes the slug and the agent link.
 */
export const propertyInputSchema = z
  .object({
    propertyName: required('Property name', 255),
    propertyAddress: required('Property address'),
    propertyRentalPrice: required('Rental price', 100),
    numberOfBedrooms: z
      .number({ error: 'Number of bedrooms must be 0 or greater' })
      .int('Number of bedrooms must be a whole number')
      .min(0, 'Number of bedrooms must be 0 or greater')
      .max(100, 'Number of bedrooms must be 100 or fewer'),
    parkingSpace: required('Parking space', 255),
    vacancyDate: requiredText(
      'Vacancy date is required',
      UK_DATE_MAX_LENGTH,
      'Vacancy date must be a real date (dd/mm/yyyy)',
    )
      .refine((text) => parseUkDate(text) !== null, 'Vacancy date must be a real date (dd/mm/yyyy)')
      // Stored in full (15/08/27 → 15/08/2027): the agent and the scoring read it back unambiguously.
      .transform((text) => {
        const date = parseUkDate(text);
        return date ? formatUkDate(date) : text;
      }),
    landlord: required('Landlord'),
    ...listingDetailsShape,
    /** The property's own viewing rules; left out: unchanged, null: the company's schedule. */
    viewingSettings: viewingSettingsSchema.nullish(),
  })
  .superRefine((input, issue) => {
    if (input.deposit === null) return;
    const limit = depositLimit(input.propertyRentalPrice);
    if (limit && input.deposit > limit.maxDeposit) {
      issue.addIssue({ code: 'custom', path: ['deposit'], message: depositLimitMessage(limit) });
    }
  });
export type PropertyInput = z.infer<typeof propertyInputSchema>;
/** What the form holds while typing: the bedrooms box may be empty. */
export type PropertyFormValues = z.input<typeof propertyInputSchema>;

/** The listing's photos in order: what each photo route answers. */
export const propertyPhotoListSchema = z.array(propertyPhotoSchema);

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
  description: z.string().nullable(),
  furnishing: z.enum(FURNISHING_OPTIONS).nullable(),
  petsPolicy: z.enum(PETS_POLICIES).nullable(),
  billsIncluded: z.boolean().nullable(),
  councilTaxBand: z.enum(COUNCIL_TAX_BANDS).nullable(),
  epcRating: z.enum(EPC_RATINGS).nullable(),
  deposit: z.number().int().nullable(),
  minimumTermMonths: z.number().int().nullable(),
  features: z.array(z.string()),
  /** In display order: the first is the one the chat header shows. */
  photos: z.array(propertyPhotoSchema),
  /** The property's own AI agent link: APP_URL/chatbot/{companySlug}/{propertySlug}. */
  chatbotUrl: z.string(),
  viewingSettings: viewingSettingsSchema.nullable().optional(),
  /** The member looking after the listing (their user id): its new leads and viewings email them. */
  assigneeId: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PropertyDto = z.infer<typeof propertySchema>;
export type { PropertyPhotoDto } from '#shared/schemas/images.ts';

export const propertyListSchema = z.array(propertySchema);

/** POST /api/companies/{id}/chatbot-url: the agency-wide link, APP_URL/chatbot/{companySlug}. */
export const chatbotUrlResponseSchema = z.object({ url: z.string() });
export type ChatbotUrlResponse = z.infer<typeof chatbotUrlResponseSchema>;

export const propertyPhotoParamsSchema = z.object({ id: z.string(), photoId: z.string() });

/** PUT /api/properties/{id}/photos/order: every photo id of the listing, in the new order. */
export const photoOrderSchema = z.object({
  photoIds: z.array(z.string().max(100)).max(50, 'A listing has at most 10 photos'),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;
