import type pg from 'pg';
import { STORE_TURNS } from '#server/features/conversations/batched-writes.ts';

export type SeededAgency = {
  id: string;
  slug: string;
  properties: { slug: string; name: string }[];
};

/** Every agency's listings: the same three shapes, named as an agent would. */
const LISTINGS = [
  [
    'elm',
    '2 Bed Flat, Elm Road',
    '14 Elm Road, Leeds LS6 2AB',
    '£1,200 pcm',
    2,
    'One allocated space',
    '01/03/2027',
  ],
  ['mill', 'Studio, Mill Lane', '9 Mill Lane, Leeds LS2 8AA', '£300 pw', 0, null, null],
  ['oak', '3 Bed House, Oak Street', '3 Oak Street, York YO1 7AB', '£1,650 pcm', 3, 'Driveway', '15/04/2027'],
] as const;

/** What a past chat holds: a conversation of the usual length, about 2 KB as the app stores it. */
const PAST_CHAT = [
  'Hello! I can answer questions about this property and pass your details to the team.',
  'Hi, is it still available? Is there parking?',
  "Yes, it's still available. There's one allocated space. How many people would be living there?",
  'There are 2 of us, both nurses, earning £58k together',
  'Lovely, thanks. When would you like to move in?',
  'We could move in on 1 March',
  'Perfect. What name should I pass on to the team, and an email and phone number?',
  "I'm Sam Taylor, sam.taylor@example.com, 07700 900123",
  'Thanks, Sam. When would suit you for a viewing?',
  'Weekday evenings or Saturday morning',
  "Here's what I have: 2 people, £58,000 a year, moving in on 1 March 2026. Is that right?",
  "Yes, that's all correct",
].map((content, n) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  sender: n % 2 === 0 ? 'ai' : 'user',
  content,
  timestamp: '2026-01-01T12:00:00.000Z',
}));

/**
 * Thousands of agencies, each with three listings and a year of past leads and their chats, written in a few set
 * statements (seconds, not minutes). Credits are far above what a run spends, so that every
 * conversation may end in a lead; the reset date is today, so no reset happens during the run.
 * Past leads are not linked to their chats: a run's own leads are those with a conversation.
 * Returns the first `active` agencies, whose links the benchmark's tenants open.
 */
export async function seedAgencies(
  pool: pg.Pool,
  options: { agencies: number; active: number; leadsEach?: number },
): Promise<{ active: SeededAgency[]; creditsEach: number }> {
  const creditsEach = 1_000_000;
  await pool.query(
    `insert into users (id, name, email, email_verified)
     select 'bench-user-' || i, 'Agent ' || i, 'agent' || i || '@bench.test', true
     from generate_series(1, $1::int) as i`,
    [options.agencies],
  );
  await pool.query(
    `insert into companies (name, slug, owner_id, email, account_type, account_limit, current_count, count_reset_date)
     select 'Agency ' || i || ' Lettings', 'agency-' || i, 'bench-user-' || i, 'lettings' || i || '@bench.test',
       'large', 5000, $2::int, now()
     from generate_series(1, $1::int) as i`,
    [options.agencies, creditsEach],
  );
  // Each agency's one user is its owner member, as sign-up makes them (docs/team.md).
  await pool.query(
    `insert into company_members (company_id, user_id, role)
     select id, owner_id, 'owner' from companies where owner_id like 'bench-user-%'`,
  );
  const values = LISTINGS.map(
    (_, row) =>
      `($${row * 7 + 1}, $${row * 7 + 2}, $${row * 7 + 3}, $${row * 7 + 4}, $${row * 7 + 5}::int, $${row * 7 + 6}, $${row * 7 + 7})`,
  ).join(', ');
  await pool.query(
    `insert into properties (company_id, property_name, slug, property_address, property_rental_price,
       number_of_bedrooms, parking_space, vacancy_date, chatbot_url)
     select c.id, l.name, c.slug || '-' || l.key, l.address, l.rent, l.beds, l.parking, l.vacancy,
       'http://localhost:3000/chatbot/' || c.slug || '/' || c.slug || '-' || l.key
     from companies c cross join (values ${values}) as l(key, name, address, rent, beds, parking, vacancy)`,
    LISTINGS.flat(),
  );
  // A year of leads per agency, so that the leads queries are planned on a realistic table.
  await pool.query(
    `insert into leads (company_id, property_name, name, email, income, annual_income, profession,
       number_of_people, move_in_date, availability, rating, score, created_at)
     select c.id, '2 Bed Flat, Elm Road', 'Past Tenant ' || n, 'past' || n || '.' || c.slug || '@example.test',
       '£30,000 per year', 30000, 'Nurse', 2, '01/03/2026', 'Weekends', (n % 11)::text, n % 11,
       now() - make_interval(days => (n * 7) % 365)
     from companies c cross join generate_series(1, $1::int) as n`,
    [options.leadsEach ?? 20],
  );
  // And the year's chats behind them, ended: the conversations table is the largest a chat writes
  // to, and its statements must be planned on its real size (an empty table is read whole).
  await pool.query(
    `insert into conversations (session_key, company_id, property_id, messages, state, status, turn_count,
       last_activity_at, ended_at, created_at)
     select 'past-' || l.id, l.company_id, null, $1::jsonb, '{}'::jsonb, 'ended', 6,
       l.created_at, l.created_at, l.created_at
     from leads l`,
    [JSON.stringify(PAST_CHAT)],
  );
  // Vacuumed and flushed now, so that no autovacuum of the seed and no checkpoint writing it out
  // runs during the measurement.
  await pool.query('vacuum analyze');
  // CHECKPOINT needs a superuser or pg_checkpoint; without either, PostgreSQL writes it in its time.
  await pool.query('checkpoint').catch(() => undefined);

  const { rows } = await pool.query<{
    id: string;
    slug: string;
    properties: { slug: string; name: string }[];
  }>(
    `select c.id, c.slug,
       (select json_agg(json_build_object('slug', p.slug, 'name', p.property_name) order by p.slug)
        from properties p where p.company_id = c.id) as properties
     from companies c order by c.created_at, c.slug limit $1`,
    [options.active],
  );
  return { active: rows, creditsEach };
}

export type QueryPlan = { name: string; sql: string; plan: string[]; usesIndex: boolean };

/**
 * EXPLAIN ANALYZE of the queries on the hot paths, with real values from the data: each must be
 * answered from an index (a sequential scan would grow with the number of agencies and chats).
 * The SQL is what the server's queries send (Drizzle's own text, reformatted).
 */
export async function explainHotQueries(pool: pg.Pool): Promise<QueryPlan[]> {
  const { rows } = await pool.query<{
    session_key: string;
    company_id: string;
    company_slug: string;
    property_slug: string;
  }>(
    `select v.session_key, v.company_id, c.slug as company_slug,
       (select p.slug from properties p where p.company_id = c.id limit 1) as property_slug
     from conversations v join companies c on c.id = v.company_id
     order by v.created_at desc limit 1`,
  );
  const sample = rows[0];
  if (!sample) return [];
  /** `index`: the one index the query must be answered from, where another would be a bad plan. */
  const queries: { name: string; sql: string; values: unknown[]; index?: string }[] = [
    {
      name: 'conversation by session key (every chat turn and end)',
      sql: 'select * from conversations where session_key = $1 and company_id = $2 limit 1',
      values: [sample.session_key, sample.company_id],
    },
    {
      name: 'company by slug (a chat link, when not cached)',
      sql: 'select id, name, slug from companies where slug = $1 limit 1',
      values: [sample.company_slug],
    },
    {
      name: "a company's listings (a chat link, when not cached)",
      sql: 'select * from properties where company_id = $1',
      values: [sample.company_id],
    },
    {
      name: 'property by slug (the property link)',
      sql: 'select * from properties where slug = $1 limit 1',
      values: [sample.property_slug],
    },
    {
      name: 'leads by company and date (the dashboard)',
      sql: 'select * from leads where company_id = $1 order by created_at desc, id desc',
      values: [sample.company_id],
    },
    {
      name: 'idle conversations (the finaliser, every minute)',
      sql: `select id from conversations where status = 'active' and (last_activity_at < now() - interval '30 minutes' or (state->>'leftAt')::timestamptz < now() - interval '45 seconds') order by last_activity_at limit 100`,
      values: [],
    },
    {
      name: 'a batch of turns (every answer; rolled back here)',
      // The app's own statement, as every answer runs it: each row found by its primary key.
      sql: STORE_TURNS,
      index: 'conversations_pkey',
      values: [
        JSON.stringify(
          (
            await pool.query<{ id: string; turn_count: number }>(
              "select id, turn_count from conversations where status = 'active' limit 20",
            )
          ).rows.map((row, k) => ({
            k,
            ...row,
            new_messages: [],
            state: {},
            property_id: null,
            at: new Date().toISOString(),
          })),
        ),
      ],
    },
  ];
  const plans: QueryPlan[] = [];
  for (const query of queries) {
    const client = await pool.connect();
    let result: pg.QueryResult<{ 'QUERY PLAN': string }>;
    try {
      await client.query('begin');
      result = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, buffers off) ${query.sql}`,
        query.values,
      );
    } finally {
      await client.query('rollback');
      client.release();
    }
    const plan = result.rows.map((row) => row['QUERY PLAN']);
    plans.push({
      name: query.name,
      sql: query.sql,
      plan,
      usesIndex: query.index
        ? plan.some((line) => line.includes(`Index Scan using ${query.index} `))
        : plan.some((line) => /Index (Only )?Scan|Bitmap Index Scan/.test(line)),
    });
  }
  return plans;
}
