import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  type PgTextBuilderInitial,
  type PgUUIDBuilderInitial,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CouncilTaxBand, EpcRating, Furnishing, PetsPolicy } from '#shared/listing.ts';
import { LEAD_STATUSES, type LeadActivityKind, type LeadStatus } from '#shared/schemas/leads.ts';
import type { AuditAction } from '#shared/schemas/team.ts';
import type {
  QuietHours,
  ViewingMessageKind,
  ViewingSchedule,
  ViewingSettings,
  ViewingStatus,
} from '#shared/schemas/viewings.ts';
import type { InvitedRole, TeamRole } from '#shared/team-roles.ts';

/** The surrogate key most tables have. */
const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written. */
const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required link to the row this one belongs to: erasing that row erases this one. */
const belongsTo = <
  Column extends PgUUIDBuilderInitial<string> | PgTextBuilderInitial<string, [string, ...string[]]>,
>(
  column: Column,
  owner: () => AnyPgColumn,
) => column.notNull().references(owner, { onDelete: 'cascade' });

/** The company a row belongs to: erasing the company erases the row. */
const companyIdColumn = () => belongsTo(uuid('company_id'), (): AnyPgColumn => companies.id);

const timestamps = {
  createdAt: createdAtColumn(),
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
    userId: belongsTo(text('user_id'), () => users.id),
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
    userId: belongsTo(text('user_id'), () => users.id),
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
    id: uuidPrimaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    slug: varchar('slug', { length: 255 }).notNull().unique(),
    ownerId: belongsTo(text('owner_id').unique(), () => users.id),
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
    /** The weekly viewing hours; null until the agent saves them (then nothing is bookable). */
    viewingSchedule: jsonb('viewing_schedule').$type<ViewingSchedule>(),
    /** The secret in the private calendar feed's address; replaced from My Account. */
    calendarFeedToken: text('calendar_feed_token').unique(),
    /**
     * When nothing but replies goes out to tenants (London wall-clock times); null for none.
     * Scheduled viewing messages falling due then wait for its end (docs/viewings.md).
     */
    quietHours: jsonb('quiet_hours')
      .$type<QuietHours | null>()
      .default(sql`'{"from":"20:00","to":"08:00"}'::jsonb`),
    /** Hours before its start at which an unconfirmed viewing is released; null: never. */
    releaseUnconfirmedHours: integer('release_unconfirmed_hours'),
    ...timestamps,
  },
  (t) => [
    check(
      'companies_release_unconfirmed_hours_check',
      sql`${t.releaseUnconfirmedHours} is null or ${t.releaseUnconfirmedHours} between 1 and 23`,
    ),
    check('companies_account_type_check', sql`${t.accountType} in ('free', 'small', 'medium', 'large')`),
    check('companies_current_count_check', sql`${t.currentCount} >= 0`),
    check('companies_account_limit_check', sql`${t.accountLimit} >= 0`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
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
    /** The property's own viewing rules over the company's schedule (null: the company's). */
    viewingSettings: jsonb('viewing_settings').$type<ViewingSettings>(),
    /** The member looking after the listing: its new leads and viewings email them. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('properties_company_created_idx').on(t.companyId, t.createdAt.desc()),
    check('properties_bedrooms_check', sql`${t.numberOfBedrooms} >= 0`),
    check('properties_deposit_check', sql`${t.deposit} >= 0`),
    check('properties_minimum_term_check', sql`${t.minimumTermMonths} between 1 and 120`),
  ],
);

/** Raw bytes: PostgreSQL's bytea, read and written as a Buffer by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A listing's photos, kept in the database beside it (docs/decisions/006-photo-storage.md): the
 * re-encoded image with its metadata stripped, never the uploaded file. `position` orders them;
 * the first is the one shown in the chat header.
 */
export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: uuidPrimaryKey(),
    propertyId: belongsTo(uuid('property_id'), () => properties.id),
    companyId: companyIdColumn(),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('property_photos_property_position_idx').on(t.propertyId, t.position),
    index('property_photos_company_idx').on(t.companyId),
  ],
);

/**
 * One message of a conversation: the tenant (`user`), the assistant (`ai`), a person of the
 * agency who took the chat over (`agent`, with their first name), or a notice that one joined or
 * left (`system`). A message's position in the list, counted from 1, is its live event id.
 */
export type ChatMessage = {
  id: string;
  sender: 'user' | 'ai' | 'agent' | 'system';
  content: string;
  timestamp: string;
  /** The agent's first name, on `agent` messages. */
  name?: string;
};

/** The server-side record of a chat: every turn is stored under the session key as it happens. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidPrimaryKey(),
    sessionKey: text('session_key').notNull().unique(),
    companyId: companyIdColumn(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    messages: jsonb('messages').$type<ChatMessage[]>().notNull().default([]),
    /** The agent's own state between turns (extracted fields, stage). */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    turnCount: integer('turn_count').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Where the link was found (`?src=`: rightmove, website, …). */
    source: varchar('source', { length: 30 }),
    /** The portal enquiry whose reply link opened this chat. */
    enquiryId: uuid('enquiry_id'),
    /** The person of the agency in the chat (the assistant waits), or null. */
    takenOverBy: text('taken_over_by').references(() => users.id, { onDelete: 'set null' }),
    /** Where the tenant is talking: the web chat, or a messaging thread (docs/messaging.md). */
    channel: varchar('channel', { length: 10 }).$type<ConversationChannel>().notNull().default('web'),
    /** The tenant's number (E.164) on a messaging thread; null on the web chat. */
    contactPhone: text('contact_phone'),
    ...timestamps,
  },
  (t) => [
    // A messaging thread's conversations with one number, newest first (the open one, or the
    // one that just ended, whose late messages become notes on the lead).
    index('conversations_thread_idx')
      .on(t.companyId, t.channel, t.contactPhone, t.createdAt.desc())
      .where(sql`contact_phone is not null`),
    check('conversations_channel_check', sql`${t.channel} in ('web', 'whatsapp', 'sms')`),
    index('conversations_enquiry_idx').on(t.enquiryId).where(sql`enquiry_id is not null`),
    // Only the chats under way (the idle finaliser's), and on no column a turn changes: a turn's
    // UPDATE then rewrites the row in place (a HOT update) instead of touching every index.
    index('conversations_active_idx').on(t.createdAt).where(sql`status = 'active'`),
    // The company's chats by when they started (the Insights funnel, per company and period).
    index('conversations_company_created_idx').on(t.companyId, t.createdAt),
    check('conversations_status_check', sql`${t.status} in ('active', 'ended')`),
  ],
);

/**
 * The companies someone of the agency is watching live (the dashboard, which holds the Live tab's
 * stream, or a conversation's live page): one row per instance holding such a stream, kept fresh
 * while it does (docs/live.md). A chat turn of a company with no row here announces nothing:
 * NOTIFY makes commits wait for one another.
 */
export const liveWatchers = pgTable(
  'live_watchers',
  {
    companyId: companyIdColumn(),
    /** The instance holding the streams (a random id per process). */
    instanceId: text('instance_id').notNull(),
    /** Past this, the instance is taken to be gone. */
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.instanceId] })],
);

export const chatTranscripts = pgTable(
  'chat_transcripts',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    /** At most one transcript per conversation, even when several ends race. */
    conversationId: uuid('conversation_id')
      .unique()
      .references(() => conversations.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    extractedData: jsonb('extracted_data').$type<Record<string, unknown>>(),
    processed: boolean('processed').notNull().default(false),
    /**
     * A repeat enquiry (the same tenant for the same property within 24 hours) makes no second
     * lead: its transcript is kept and points at the lead it joined.
     */
    leadId: uuid('lead_id').references((): AnyPgColumn => leads.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('chat_transcripts_lead_idx').on(t.leadId),
    index('chat_transcripts_company_processed_idx').on(t.companyId, t.processed),
    index('chat_transcripts_created_idx').on(t.createdAt),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
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
    /** The tenant asked to speak to a person of the agency (DESIGN 16). */
    personRequested: boolean('person_requested').notNull().default(false),
    /** At most one lead per transcript too (a transcript whose conversation is gone). */
    chatTranscriptId: uuid('chat_transcript_id')
      .unique()
      .references(() => chatTranscripts.id, { onDelete: 'set null' }),
    /** Where the lead is in the agency's pipeline (docs/pipeline.md). */
    status: varchar('status', { length: 20 }).$type<LeadStatus>().notNull().default('new'),
    /** Why a lost lead was lost: set exactly when the status is `lost`. */
    lostReason: text('lost_reason'),
    /**
     * Which of the questions the assistant passed on (the transcript's `openQuestions`) the agent
     * has ticked answered, by their index in that list.
     */
    answeredQuestions: integer('answered_questions').array().notNull().default(sql`'{}'::integer[]`),
    /** The conversation's source (`?src=`), for the column and filter. */
    source: varchar('source', { length: 30 }),
    /** The portal enquiry the lead came from. */
    enquiryId: uuid('enquiry_id'),
    /** The member working the lead (docs/team.md); null: nobody in particular. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Only the leads that have one: a lead is made with nobody assigned, often with no source, and
    // every index entry is a write when a chat ends. A filter on either (`= $1`) still uses them.
    index('leads_company_assignee_idx').on(t.companyId, t.assigneeId).where(sql`assignee_id is not null`),
    index('leads_enquiry_idx').on(t.enquiryId).where(sql`enquiry_id is not null`),
    index('leads_company_source_idx').on(t.companyId, t.source).where(sql`source is not null`),
    index('leads_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('leads_created_idx').on(t.createdAt),
    // The related-leads lookup (the same tenant's enquiries about other properties).
    index('leads_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
    index('leads_company_contact_idx').on(t.companyId, t.contactNumber),
    // The public API's sync order: changed since, oldest change first.
    index('leads_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    check('leads_score_check', sql`${t.score} between 0 and 10`),
    check(
      'leads_status_check',
      sql`${t.status} in (${sql.raw(LEAD_STATUSES.map((status) => `'${status}'`).join(', '))})`,
    ),
    check('leads_lost_reason_check', sql`(${t.status} = 'lost') = (${t.lostReason} is not null)`),
    // Two more in migration 0006 (drizzle-kit cannot write them): exclusion constraints that make
    // the same email or phone for the same property within 24 hours one lead.
  ],
);

/**
 * What happened to a lead, newest first on its page: created, status changes, notes, and what
 * other features record (viewings, emails, assignment). `actorUserId` is null for the system.
 */
export const leadActivity = pgTable(
  'lead_activity',
  {
    id: uuidPrimaryKey(),
    leadId: belongsTo(uuid('lead_id'), () => leads.id),
    companyId: companyIdColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 30 }).$type<LeadActivityKind>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('lead_activity_lead_at_idx').on(t.leadId, t.at.desc()),
    index('lead_activity_company_idx').on(t.companyId),
  ],
);

// ---- The team (docs/team.md, docs/decisions/010-team-model.md) ----

/**
 * Who works for a company and as what. A user belongs to at most one company (the unique user
 * id); the owner is also `companies.owner_id`, and exactly one member row per company is the
 * owner (the partial unique index).
 */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: companyIdColumn(),
    userId: belongsTo(text('user_id').unique(), () => users.id),
    role: varchar('role', { length: 20 }).$type<TeamRole>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    uniqueIndex('company_members_one_owner_idx').on(t.companyId).where(sql`role = 'owner'`),
    check('company_members_role_check', sql`${t.role} in ('owner', 'admin', 'negotiator')`),
  ],
);

/**
 * An invitation by email: the emailed link carries the token, of which only the SHA-256 is kept.
 * One open invitation per company and email (a new one replaces it).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    email: varchar('email', { length: 255 }).notNull(),
    role: varchar('role', { length: 20 }).$type<InvitedRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('company_invitations_open_idx').on(t.companyId, t.email).where(sql`accepted_at is null`),
    check('company_invitations_role_check', sql`${t.role} in ('admin', 'negotiator')`),
  ],
);

/**
 * Who did what to the company's data (docs/team.md): opening a lead, exports, deletions, role
 * changes. Purged after 12 months with the leads (features/privacy/retention.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name and email when it happened: the user may leave or be deleted later. */
    actorLabel: text('actor_label'),
    action: varchar('action', { length: 40 }).$type<AuditAction>().notNull(),
    /** What it was done to: a lead id, a user id… */
    subjectId: text('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_company_at_idx').on(t.companyId, t.at.desc(), t.id),
    index('audit_events_at_idx').on(t.at),
  ],
);

// ---- Viewings ----

/**
 * A viewing the assistant booked. "Live" means `booked`: at most one live viewing per
 * conversation (a partial unique index) and at most `partiesPerSlot` parties per property and start
 * (the guarded insert in features/viewings/booking.ts, under an advisory lock on the start time).
 */
export const viewings = pgTable(
  'viewings',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** Copied at booking, so emails and the agent's list still name a deleted property. */
    propertyName: text('property_name').notNull(),
    propertyAddress: text('property_address').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 20 }).$type<ViewingStatus>().notNull().default('booked'),
    /** The tenant's manage link: 32 random bytes, base64url. */
    manageToken: text('manage_token').notNull().unique(),
    /** The invitation's SEQUENCE: up by one on every change the tenant's calendar must apply. */
    sequence: integer('sequence').notNull().default(0),
    tenantName: text('tenant_name'),
    tenantEmail: text('tenant_email'),
    tenantPhone: text('tenant_phone'),
    /** Set by the one reminder job that sends it; a reschedule clears it. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the tenant confirmed they are coming (or the booking, when made less than 24 h ahead). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The tenant asked in their thread to change the time and was offered others to pick from. */
    changeOfferedAt: timestamp('change_offered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('viewings_one_live_per_conversation').on(t.conversationId).where(sql`status = 'booked'`),
    index('viewings_property_start_live_idx').on(t.propertyId, t.startsAt).where(sql`status = 'booked'`),
    index('viewings_company_start_idx').on(t.companyId, t.startsAt),
    // The scheduled messages' scan: live viewings starting within the next day.
    index('viewings_live_start_idx').on(t.startsAt).where(sql`status = 'booked'`),
    // A lead's latest viewing (the dashboard reads one for each lead).
    index('viewings_conversation_created_idx').on(t.conversationId, t.createdAt),
    check(
      'viewings_status_check',
      sql`${t.status} in ('booked', 'attended', 'no_show', 'cancelled', 'released')`,
    ),
    check('viewings_ends_after_start_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The scheduled messages of a viewing (the confirmation request, "see you soon", the notice of
 * its release), one row per viewing, kind and start: the row is the claim. Whoever inserts it
 * sends the message; an instance or a retry that finds it there sends nothing, and a viewing
 * moved to another start has a schedule of its own.
 */
export const viewingMessages = pgTable(
  'viewing_messages',
  {
    id: uuidPrimaryKey(),
    viewingId: belongsTo(uuid('viewing_id'), () => viewings.id),
    companyId: companyIdColumn(),
    kind: varchar('kind', { length: 20 }).$type<ViewingMessageKind>().notNull(),
    /** The viewing's start the message was for. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Where it went: `whatsapp`, `sms`, `email`; `none` when there was nowhere to send it. */
    channel: varchar('channel', { length: 10 }).notNull(),
    /** The number it went to on WhatsApp or SMS (E.164): the tenant's replies there answer it. */
    phone: varchar('phone', { length: 20 }),
    /**
     * `claimed` while an instance sends it (one abandoned for ten minutes is taken over), then
     * `sent`, or `unsent` when there was nowhere to send it.
     */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('viewing_messages_once_idx').on(t.viewingId, t.kind, t.startsAt),
    check('viewing_messages_kind_check', sql`${t.kind} in ('request', 'see_you_soon', 'released')`),
  ],
);

// ---- Enquiries: portal emails and other mail to the company's inbound address ----

/** Each company's private inbound address: `{localPart}@INBOUND_DOMAIN`, made on first use. */
export const inboundAddresses = pgTable('inbound_addresses', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  localPart: varchar('local_part', { length: 80 }).notNull().unique(),
  createdAt: createdAtColumn(),
});

/** Every message that reached a company's inbound address, whatever it was: never dropped. */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    /** enquiry | auto_reply | bounce | own_address | unrecognised */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** The Message-ID header: the same message delivered twice is stored once. */
    messageId: text('message_id'),
    fromAddress: text('from_address'),
    subject: text('subject'),
    /** The text body (from the HTML part when there is no text part), cut to 20,000 characters. */
    text: text('text').notNull().default(''),
    enquiryId: uuid('enquiry_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbound_messages_company_received_idx').on(t.companyId, t.receivedAt.desc()),
    uniqueIndex('inbound_messages_company_message_id_idx').on(t.companyId, t.messageId),
    check(
      'inbound_messages_kind_check',
      sql`${t.kind} in ('enquiry', 'auto_reply', 'bounce', 'own_address', 'unrecognised')`,
    ),
  ],
);

export type EnquiryListing = {
  address: string | null;
  postcode: string | null;
  price: string | null;
  reference: string | null;
};

/** A tenant's enquiry from a portal email (or a forwarded one): costs no credit. */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    /** null: agency-wide (the listing could not be matched with confidence). */
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 30 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('invited'),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    listing: jsonb('listing').$type<EnquiryListing>().notNull(),
    /** Why no reply went out (auto-reply, bounce, repeat within 24 h, no email), when none did. */
    replySkippedReason: text('reply_skipped_reason'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    followedUpAt: timestamp('followed_up_at', { withTimezone: true }),
    chattedAt: timestamp('chatted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('enquiries_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('enquiries_invited_idx').on(t.createdAt).where(sql`status = 'invited'`),
    check('enquiries_status_check', sql`${t.status} in ('invited', 'chatted', 'no_response')`),
    check('enquiries_source_check', sql`${t.source} in ('rightmove', 'zoopla', 'onthemarket', 'email')`),
  ],
);

/**
 * One reply per enquirer and property a day, enforced by the key: a reply is sent only by the
 * statement that inserts this row, or moves an older one's time forward by 24 hours or more.
 */
export const enquiryReplyGuards = pgTable(
  'enquiry_reply_guards',
  {
    companyId: companyIdColumn(),
    email: text('email').notNull(),
    /** The property's id, or '' for an agency-wide enquiry. */
    propertyKey: text('property_key').notNull(),
    repliedAt: timestamp('replied_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.email, t.propertyKey] })],
);

// ---- Insights ----

/**
 * The Monday summary email, claimed once per company and week: the job that inserts the row sends
 * it, so a retried job or a second instance sends nothing.
 */
export const insightSummaries = pgTable(
  'insight_summaries',
  {
    companyId: companyIdColumn(),
    /** The Monday (London) the summarised week began, yyyy-mm-dd. */
    weekStart: varchar('week_start', { length: 10 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.weekStart] })],
);

// ---- Billing, analytics, mail ----

/** Each Stripe event id is processed once; a replay is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAtColumn(),
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
    createdAt: createdAtColumn(),
  },
  (t) => [index('analytics_events_path_created_idx').on(t.path, t.createdAt)],
);

/** The development outbox: every email sent without SMTP_URL lands here and on /dev/mail. */
export const devEmails = pgTable('dev_emails', {
  id: uuidPrimaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAtColumn(),
});

// ---- Integrations: outgoing webhooks and API keys ----

/** A company's webhook endpoint: where its chosen events are POSTed, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_…`: the signing key has to be read back to sign, so it is stored as it is. */
    secret: text('secret').notNull(),
    /** After a rotation the old secret signs too, for a day, so receivers can switch over. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** The first failed attempt since the last success; three days of failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  // One endpoint per address: two would deliver every event there twice. The unique index also
  // serves the company's list, so it replaces the index on the company alone.
  (t) => [uniqueIndex('webhook_endpoints_company_url_idx').on(t.companyId, t.url)],
);

/** One event as sent: its id is the `webhook-id` every attempt and resend carries. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    companyId: companyIdColumn(),
    type: varchar('type', { length: 50 }).notNull(),
    /** The lead a lead event carries: erasing the lead erases its copies here too. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** The body exactly as signed: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('webhook_messages_created_idx').on(t.createdAt),
    index('webhook_messages_lead_idx').on(t.leadId),
  ],
);

/**
 * The delivery log: one row per attempt. The unique (endpoint, message, attempt) is the claim an
 * instance takes before it sends, so each try is made once however many instances run.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidPrimaryKey(),
    endpointId: belongsTo(uuid('endpoint_id'), () => webhookEndpoints.id),
    messageId: belongsTo(text('message_id'), () => webhookMessages.id),
    attempt: integer('attempt').notNull(),
    trigger: varchar('trigger', { length: 20 }).$type<'automatic' | 'resend' | 'test'>().notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_attempt_idx').on(t.endpointId, t.messageId, t.attempt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
  ],
);

/** A company's API key: only its SHA-256 is kept; the key itself is shown once. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters, so that a person can tell their keys apart. */
    start: varchar('start', { length: 16 }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId)],
);

// ---- Messaging: WhatsApp and SMS (docs/messaging.md) ----

export type ConversationChannel = 'web' | 'whatsapp' | 'sms';
export type MessagingChannel = 'whatsapp' | 'sms';
export type ChannelMessageStatus = 'received' | 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/**
 * A company's connection to a messaging provider. `settings` holds what may be shown (the account
 * SID, the number, template names); `secrets` is the AES-256-GCM ciphertext of the tokens.
 */
export const messagingChannels = pgTable(
  'messaging_channels',
  {
    companyId: companyIdColumn(),
    channel: varchar('channel', { length: 10 }).$type<MessagingChannel>().notNull(),
    settings: jsonb('settings').$type<Record<string, string | null>>().notNull().default({}),
    secrets: text('secrets').notNull(),
    /** WhatsApp: the token Meta sends back when the webhook is set up. */
    verifyToken: text('verify_token'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.channel] }),
    check('messaging_channels_channel_check', sql`${t.channel} in ('whatsapp', 'sms')`),
  ],
);

/**
 * Every message in and out on a channel. An inbound message's provider id is unique per company
 * and channel: a provider's retry (or the same retry reaching two instances) is stored once, and
 * only the instance that stored it answers.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    id: uuidPrimaryKey(),
    companyId: companyIdColumn(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 10 }).$type<MessagingChannel>().notNull(),
    direction: varchar('direction', { length: 3 }).$type<'in' | 'out'>().notNull(),
    /** The tenant's number, E.164. */
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    /** What was asked of the provider (text, buttons, list, template), to send it again. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** `dev` when it went to the development outbox. */
    provider: varchar('provider', { length: 10 }).notNull(),
    providerId: text('provider_id'),
    status: varchar('status', { length: 10 }).$type<ChannelMessageStatus>().notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channel_messages_provider_idx')
      .on(t.companyId, t.channel, t.direction, t.providerId)
      .where(sql`provider_id is not null`),
    index('channel_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('channel_messages_phone_idx').on(t.companyId, t.phone, t.createdAt),
    check('channel_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
    check(
      'channel_messages_status_check',
      sql`${t.status} in ('received', 'queued', 'sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);

/** A number that sent STOP to a company on a channel: nothing more goes there until START. */
export const channelOptOuts = pgTable(
  'channel_opt_outs',
  {
    companyId: companyIdColumn(),
    channel: varchar('channel', { length: 10 }).$type<MessagingChannel>().notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.channel, t.phone] })],
);

export const schema = {
  users,
  sessions,
  accounts,
  verifications,
  companies,
  properties,
  propertyPhotos,
  conversations,
  liveWatchers,
  chatTranscripts,
  leads,
  leadActivity,
  viewings,
  viewingMessages,
  inboundAddresses,
  inboundMessages,
  enquiries,
  enquiryReplyGuards,
  insightSummaries,
  stripeEvents,
  analyticsEvents,
  devEmails,
  webhookEndpoints,
  webhookMessages,
  webhookDeliveries,
  apiKeys,
  companyMembers,
  companyInvitations,
  auditEvents,
  messagingChannels,
  channelMessages,
  channelOptOuts,
};

export type Schema = typeof schema;
export type Company = typeof companies.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type PropertyPhoto = typeof propertyPhotos.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type LeadActivity = typeof leadActivity.$inferSelect;
export type Viewing = typeof viewings.$inferSelect;
export type ViewingMessage = typeof viewingMessages.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Enquiry = typeof enquiries.$inferSelect;
export type InboundMessage = typeof inboundMessages.$inferSelect;
export type ChatTranscript = typeof chatTranscripts.$inferSelect;
export type User = typeof users.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type CompanyMember = typeof companyMembers.$inferSelect;
export type CompanyInvitation = typeof companyInvitations.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;
export type ChannelMessage = typeof channelMessages.$inferSelect;
export type MessagingChannelRow = typeof messagingChannels.$inferSelect;
