import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CouncilTaxBand, EpcRating, Furnishing, PetsPolicy } from '#shared/listing.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---- Authentication (the tables better-auth needs; see its core schema) ----

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  firstName: varchar('first_name', { length: 255 }),
  lastName: varchar('last_name', { length: 255 }),
  profileImageUrl: text('profile_image_url'),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---- Companies, properties, leads ----

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull().unique(),
    ownerId: text('owner_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 50 }),
    accountType: varchar('account_type', { length: 50 }).notNull().default('free'),
    accountLimit: integer('account_limit').notNull().default(100),
    currentCount: integer('current_count').notNull().default(100),
    countResetDate: timestamp('count_reset_date', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    subscriptionStatus: varchar('subscription_status', { length: 50 }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** A downgrade waits here until the next reset. */
    pendingAccountType: varchar('pending_account_type', { length: 50 }),
    /** Seconds-since-epoch of the newest Stripe state applied, so older events cannot undo it. */
    stripeStateAt: integer('stripe_state_at'),
    lastLeadEmailAt: timestamp('last_lead_email_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('companies_account_type_check', sql`${t.accountType} in ('free', 'small', 'medium', 'large')`),
    check('companies_current_count_check', sql`${t.currentCount} >= 0`),
    check('companies_account_limit_check', sql`${t.accountLimit} >= 0`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    propertyName: varchar('property_name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull().unique(),
    propertyAddress: text('property_address').notNull(),
    propertyRentalPrice: text('property_rental_price'),
    numberOfBedrooms: integer('number_of_bedrooms'),
    parkingSpace: text('parking_space'),
    vacancyDate: varchar('vacancy_date', { length: 10 }),
    landlord: text('landlord'),
    chatbotUrl: text('chatbot_url').unique(),
    // The optional listing details (src/shared/listing.ts) the assistant answers from.
    description: text('description'),
    furnishing: varchar('furnishing', { length: 20 }).$type<Furnishing>(),
    petsPolicy: varchar('pets_policy', { length: 20 }).$type<PetsPolicy>(),
    billsIncluded: boolean('bills_included'),
    councilTaxBand: varchar('council_tax_band', { length: 1 }).$type<CouncilTaxBand>(),
    epcRating: varchar('epc_rating', { length: 1 }).$type<EpcRating>(),
    deposit: integer('deposit'),
    minimumTermMonths: integer('minimum_term_months'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('properties_company_created_idx').on(t.companyId, t.createdAt.desc()),
    check('properties_bedrooms_check', sql`${t.numberOfBedrooms} >= 0`),
    check('properties_deposit_check', sql`${t.deposit} >= 0`),
    check('properties_minimum_term_check', sql`${t.minimumTermMonths} between 1 and 120`),
  ],
);

export type ChatMessage = { id: string; sender: 'user' | 'ai'; content: string; timestamp: string };

/** The server-side record of a chat: every turn is stored under the session key as it happens. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionKey: text('session_key').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    messages: jsonb('messages').$type<ChatMessage[]>().notNull().default([]),
    /** The agent's own state between turns (extracted fields, stage). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    turnCount: integer('turn_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Only the chats under way (the idle finaliser's), and on no column a turn changes: a turn's
    // UPDATE then rewrites the row in place (a HOT update) instead of touching every index.
    index('conversations_active_idx').on(t.createdAt).where(sql`status = 'active'`),
    index('conversations_company_idx').on(t.companyId),
    check('conversations_status_check', sql`${t.status} in ('active', 'ended')`),
  ],
);

export const chatTranscripts = pgTable(
  'chat_transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** At most one transcript per conversation, even when several ends race. */
    conversationId: uuid('conversation_id')
      .unique()
      .references(() => conversations.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    extractedData: jsonb('extracted_data').$type<Record<string, unknown>>(),
    processed: boolean('processed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_transcripts_company_processed_idx').on(t.companyId, t.processed),
    index('chat_transcripts_created_idx').on(t.createdAt),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The idempotency key: at most one lead per conversation. */
    conversationId: uuid('conversation_id')
      .unique()
      .references(() => conversations.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    propertyName: text('property_name').notNull().default('any'),
    propertyLocation: text('property_location'),
    rentalPrice: text('rental_price'),
    numberOfBeds: integer('number_of_beds'),
    name: text('name'),
    email: text('email'),
    contactNumber: text('contact_number'),
    income: text('income'),
    annualIncome: integer('annual_income'),
    profession: text('profession'),
    numberOfPeople: integer('number_of_people'),
    moveInDate: text('move_in_date'),
    availability: text('availability'),
    rating: varchar('rating', { length: 10 }),
    score: integer('score'),
    scoreBreakdown: jsonb('score_breakdown').$type<Record<string, unknown>>(),
    chatTranscriptId: uuid('chat_transcript_id').references(() => chatTranscripts.id, {
      onDelete: 'set null',
    }),
    /**
     * Which of the questions the assistant passed on (the transcript's `openQuestions`) the agent
     * has ticked answered, by their index in that list.
     */
    answeredQuestions: integer('answered_questions').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('leads_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('leads_created_idx').on(t.createdAt),
    check('leads_score_check', sql`${t.score} between 0 and 10`),
  ],
);

// ---- Billing, analytics, mail ----

/** Each Stripe event id is processed once; a replay is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** First-party, cookieless analytics: page views and web vitals. No IP is stored. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host'),
    metric: varchar('metric', { length: 20 }),
    value: doublePrecision('value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_path_created_idx').on(t.path, t.createdAt)],
);

/** The development outbox: every email sent without SMTP_URL lands here and on /dev/mail. */
export const devEmails = pgTable('dev_emails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  companies,
  properties,
  conversations,
  chatTranscripts,
  leads,
  stripeEvents,
  analyticsEvents,
  devEmails,
};

export type Schema = typeof schema;
export type Company = typeof companies.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type ChatTranscript = typeof chatTranscripts.$inferSelect;
export type User = typeof users.$inferSelect;
