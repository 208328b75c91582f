import { describe, expect, test } from 'vitest';
import { agencyLink, lastReply, propertyLink } from '#tests/corpus/chat.ts';
import { allProperties, elm, forge, maple, oak, willow } from '#tests/corpus/fixtures.ts';
import { testReturns } from '#tests/helpers/tables.ts';
import { createGuidedEngine, emptyFields, propertyNamedIn, SLOT_ORDER } from './dialogue.ts';
import { extractAnswers } from './extract.ts';
import type { AgentContext, AgentProperty, ExtractedFields, SlotName } from './types.ts';

/**
 * Messages as tenants really type them (typos, lower case, no punctuation, texting style,
 * non-native English, several facts at once, corrections), one table per kind of misreading.
 * Each phrasing was written for these tables; none is a corpus message.
 */

// Tuesday 10 February 2026
const today = '2026-02-10';
// On a property link every slot but the listing is open.
const OPEN_SLOTS = SLOT_ORDER.filter((slot) => slot !== 'propertyId');
/** The listings' names and addresses, as the dialogue passes them. */
const PLACES = allProperties.flatMap((p) => [p.name, p.address]);

function read(
  message: string,
  asking: SlotName | 'confirm' | null,
  known: Partial<ExtractedFields> = {},
  places: readonly string[] = [],
) {
  return extractAnswers(message, {
    asking,
    today,
    fields: { ...emptyFields(), ...known },
    missing: OPEN_SLOTS,
    places,
  }).updates;
}

describe('children count as people, never as money', () => {
  test.each<[string, number]>([
    ['me my husband n our 3 kids', 5],
    ['my partner and I plus our little boy', 3],
    ['single mum with 2 children', 3],
    ['single dad of 3 boys', 4],
    ['its me and my 2 daughters', 3],
    ['2 adults 1 child', 3],
    ['we r a family, me, the wife, and 3 little ones', 5],
    ['myself and my son, he is 6', 2],
    ['our kids are 5 and 9, so 4 of us in total', 4],
    ['just me and my 2 kids tbh', 3],
    ['me and my daughter (shes 12)', 2],
    ['I will move with my 3 children', 4],
    ['husband and me and the twins', 4],
    ['i have 2 kids, so 3 people', 3],
    ['mum with one toddler', 2],
    ['we are couple with 1 child', 3],
    ['me, my girlfriend, and her 2 boys', 4],
    ['2 grown ups and 3 kids', 5],
    ['my wife and 2 kids', 4],
    ['me n my 2 flatmates', 3],
  ])('%s → %i people, no income', (message, people) => {
    const updates = read(message, 'numberOfPeople');
    expect(updates.numberOfPeople).toBe(people);
    expect(updates.annualIncome).toBeUndefined();
  });

  test('children named while another question is open are still never money', () => {
    const updates = read('yeah me my wife and our 2 kids, we earn 48k together', 'moveIn');
    expect(updates).toMatchObject({ numberOfPeople: 4, annualIncome: 48000 });
  });
});

describe('income arithmetic', () => {
  testReturns('%s → £%i a year', (message) => read(message, 'annualIncome').annualIncome, [
    ['about 30k each so 120k all together', 120000],
    ['we earn 25k each, 50k total', 50000],
    ['i make 11.90 an hour, 40 hours a week', 24752],
    ['£12.50/hr 40hrs a week', 26000],
    ['£10.75 p/h and i work 35 hours per week', 19565],
    ['me 28k him 32k so 60k combined', 60000],
    ['2 of us on 20k each which is 40k', 40000],
    ['she gets 1800 a month and i get 1500 a month', 39600],
    ['salary 34,500 + bonus', 34500],
    ['i earn 2.1k a month after tax', 25200],
    ['we both make 27k so 54k in total', 54000],
    ['40k, sorry i mean 42k', 42000],
    ['28k + 30k = 58k', 58000],
    ['30k and my partner 25k', 55000],
    ['£9.50 an hour 20 hrs per week', 9880],
    ['i am earn 2.400 each month', 28800],
    // A bare "k" or "grand" figure under ten is a month's pay; "28k", "30 grand" a year's.
    ['im on about 2k', 24000],
    ['i take home about 2k', 24000],
    ['on 2.5k a month', 30000],
    ['we bring in 3.2k between us', 38400],
    ['about 2 grand after tax', 24000],
    ['28k', 28000],
    ['30 grand', 30000],
    ['on about 12k', 12000],
    ['I have about £5k in savings', 5000],
  ]);
});

describe('a bare "k" figure under ten is a month\'s pay, as UK tenants say it', () => {
  test('"im on about 2k" at the income question is told back as £24,000 a year', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), ['1st March', '2', 'im on about 2k']);
    expect(state.fields.annualIncome).toBe(24000);
    expect(reply).toContain('an income of £24,000 a year');
  });
});

describe('names', () => {
  test.each<[string, string]>([
    ['hi im dan walker', 'Dan Walker'],
    ["I'm Fiona by the way, Fiona MacLeod", 'Fiona MacLeod'],
    ['Ahmed, surname is Rahman', 'Ahmed Rahman'],
    ['Zofia Wiśniewska', 'Zofia Wiśniewska'],
    ['my name is józef wiśniewski', 'Józef Wiśniewski'],
    ["first name kate last name o'brien", "Kate O'Brien"],
    ['its sam, sam okoro', 'Sam Okoro'],
    ['name: li wei', 'Li Wei'],
    ["I'm Tom. Surname Baker", 'Tom Baker'],
    ['call me jo, full name joanne smith', 'Joanne Smith'],
    ['ayo, ayo adeyemi', 'Ayo Adeyemi'],
    ['raj patel tbh', 'Raj Patel'],
    ['i am called marek nowak', 'Marek Nowak'],
    ['name is Siobhán Ní Bhriain', 'Siobhán Ní Bhriain'],
    ['ok its chloe, surname is dubois', 'Chloe Dubois'],
    ['this is Björn Åkesson', 'Björn Åkesson'],
  ])('asked the name: %s → %s', (message, name) => {
    expect(read(message, 'name').name).toBe(name);
  });

  test.each<[string, SlotName]>([
    ['I am PhD student', 'profession'],
    ["I'm on Universal Credit", 'annualIncome'],
    ['im masters student at leeds', 'profession'],
    ['I am NHS nurse', 'profession'],
    ['I am trainee accountant', 'profession'],
    ['im on benefits atm', 'annualIncome'],
    ['I am senior developer', 'profession'],
    // A listing typed on its own, as the listing question was answered.
    ['Maple Court', 'name'],
    ['maple court', 'name'],
    ['Elm Road', 'name'],
    ['Maple Court', 'email'],
  ])('"%s" is no name', (message, asking) => {
    expect(read(message, asking, {}, PLACES).name).toBeUndefined();
    expect(read(message, 'moveIn', {}, PLACES).name).toBeUndefined();
  });

  test('"Victoria Terrace", a listing, is no name; "Victoria" is', () => {
    expect(read('Victoria Terrace', 'name', {}, PLACES).name).toBeUndefined();
    expect(read('Victoria', 'name', {}, PLACES).name).toBe('Victoria');
  });
});

const engine = createGuidedEngine();

/** The tenant's messages in turn on a property link; the last reply and the fields. */
async function chat(property: AgentProperty, messages: string[]) {
  const { reply, state } = await lastReply(propertyLink(property), messages);
  return { reply, fields: state.fields };
}

describe('a rent other than the advertised one is declined, naming the rent, and never income', () => {
  const offers = [
    'I could pay £1,300 a month if that helps',
    'would the landlord accept £1,200 instead?',
    'is the rent negotiable? I could pay £1,300',
    'happy to go to 1275 to secure it',
    'would they take a bit more',
    'we can do 1350pcm no problem',
    'cud pay 1.3k a month tbh',
    'is 1150 ok for u',
    'any chance of knocking a bit off the rent',
    'i offer 1400 for this flat',
    'we r willing to pay extra to get it',
    'we could go up to £1,350 if it means we get it',
    'will the landlord go lower?',
    'does the landlord accept offers',
    'would 1100 a month be acceptable',
    'my husband say we can pay 1300 every month, landlord will be happy',
    'how about 1200 pcm instead',
  ];

  test.each(offers)('at the income question: %s', async (offer) => {
    const { reply, fields } = await chat(elm, ['1 march', '2', offer]);
    expect(reply).toContain("we can't accept offers above the advertised rent of £1,250 pcm");
    expect(reply).toContain("isn't open to offers");
    expect(fields.annualIncome).toBeNull();
  });

  test.each(offers.slice(0, 8))('at the start: %s', async (offer) => {
    const { reply, fields } = await chat(elm, [offer]);
    expect(reply).toContain('advertised rent of £1,250 pcm');
    expect(fields.annualIncome).toBeNull();
  });

  test('a weekly listing names its monthly figure too', async () => {
    const { reply } = await chat(forge, ['1 march', 'just me', 'could pay 250 a week to secure it']);
    expect(reply).toContain('advertised rent of £225 pw (£975 a month)');
  });

  test('an income in the same message is kept, the rent offered is not added to it', async () => {
    const { fields } = await chat(elm, [
      '1 march',
      '2',
      'we earn 52k together and could pay 1300 a month if it helps',
    ]);
    expect(fields.annualIncome).toBe(52000);
  });

  test.each([
    'I can afford up to 1300',
    'my budget is about 1300 a month',
    'i get paid 1300 a month',
    'what do i need to pay upfront?',
  ])('a budget, a pay packet or a question about costs is no offer: %s', async (message) => {
    const { reply } = await chat(elm, ['1 march', '2', message]);
    expect(reply).not.toContain("can't accept offers");
  });
});

describe('move-in dates: the day to move, not the day the current home ends', () => {
  test.each<[string, string]>([
    ['our lease runs out end of jan, could we move in on 1 feb?', '2027-02-01'],
    ['from the 1st please, i gotta leave my room at the end of this month', '2026-03-01'],
    ['lease finishes end of march so 1st april ideally', '2026-04-01'],
    ['i have to be out by the 28th so from 1 march', '2026-03-01'],
    ['contract ends 31st march, want to move 1st april', '2026-04-01'],
    ['my notice runs out end of feb, move in 1st of march', '2026-03-01'],
    ['current lease end april, start may', '2026-05-01'],
    ['anytime after the 20th feb', '2026-02-20'],
    ['could we move in on 1 march?', '2026-03-01'],
    ['can we move on the 3rd of march', '2026-03-03'],
    ['is it ok to move 1st march', '2026-03-01'],
    ['we move 2moro if possible lol', '2026-02-11'],
    ['rn im flexible, maybe mid march', '2026-03-15'],
    ['first of march or soon after', '2026-03-01'],
    ['my tenancy is ending 14 march and then we need to move on 15 march', '2026-03-15'],
    ['landlord selling so we leave 28 feb, so from 1st march pls', '2026-03-01'],
  ])('%s → %s', (message, date) => {
    expect(read(message, 'moveIn').moveIn?.date).toBe(date);
  });

  test.each([
    "it's 3 of us now",
    'sorry its 4 of us now not 3',
    "we're 2 now",
    'now its just me',
    'my partner is coming too now, so 2 of us',
  ])('"%s" changes the people, never the date given', (message) => {
    const updates = read(message, 'moveIn', { moveIn: { date: '2026-03-01', text: null } });
    expect(updates.moveIn).toBeUndefined();
    expect(updates.numberOfPeople).toBeGreaterThan(0);
  });

  test('asking to move on a date is an answer, not a question passed on', async () => {
    const { reply, fields } = await chat(elm, ['could we move in on 1 march?']);
    expect(fields.moveIn?.date).toBe('2026-03-01');
    expect(reply).not.toMatch(/pass (?:that|it|this) on|I'll ask the team/i);
  });
});

describe('a listing named by its postcode district or its price on the agency link', () => {
  const london = (id: string, name: string, address: string, rentalPrice: string, bedrooms: number) => ({
    ...elm,
    id,
    name,
    address,
    rentalPrice,
    bedrooms,
  });
  const listings: AgentProperty[] = [
    london('mare', 'Mare Street Flat', '112 Mare Street, Hackney, London E8 4RP', '£1,850 pcm', 2),
    london(
      'stokey',
      'Church Street Studio',
      '9 Church Street, Stoke Newington, London N16 0AP',
      '£1,200 pcm',
      0,
    ),
    london('bow', 'Roman Road Maisonette', '40 Roman Road, Bow, London E3 5ES', '£520 pw', 3),
    london('dalston', 'Kingsland Loft', '3 Kingsland Road, Dalston, London E8 2AA', '£2,100 pcm', 1),
    ...allProperties,
  ];
  const agency: AgentContext = { ...agencyLink(), properties: listings };

  async function choose(message: string) {
    const turn = await lastReply(agency, [message]);
    return turn.state.fields.propertyId;
  }

  test.each<[string, string]>([
    ['the n16 one', 'stokey'],
    ['N16 studio pls', 'stokey'],
    ['the E3 place', 'bow'],
    ['the one in e3 bow', 'bow'],
    ['the E8 one for 1850', 'mare'],
    ['e8 2 bed', 'mare'],
    ['the E8 loft', 'dalston'],
    ['the 2100 one', 'dalston'],
    ['the one for £1,850 a month', 'mare'],
    ['1.2k studio', 'stokey'],
    ['520 a week one', 'bow'],
    ['the one at about 2253 a month', 'bow'],
    ['intrested in the LS6 flat', 'prop-elm'],
    ['m1 studio plz', 'prop-forge'],
    ['the £895 one in NE1', 'prop-quay'],
    ['BS8 house, 3 bed', 'prop-victoria'],
  ])('%s → %s', async (message, id) => {
    expect(await choose(message)).toBe(id);
  });

  test('two listings in one district are both offered, not "no listing matching"', async () => {
    const start = engine.start(agency);
    const turn = await engine.reply(agency, start.state, 'the E8 one in Hackney');
    // Hackney names the one on Mare Street.
    expect(turn.state.fields.propertyId).toBe('mare');
    const either = await engine.reply(agency, start.state, 'something in e8');
    expect(either.reply).not.toContain("couldn't find a listing");
    expect(either.reply).toContain('Mare Street Flat');
    expect(either.reply).toContain('Kingsland Loft');
  });
});

describe('an answer lands in its own field', () => {
  test.each<[string, SlotName, Partial<ExtractedFields>]>([
    ["he's between jobs so just mine", 'profession', {}],
    ['my partner is unemployed atm so just my income', 'profession', {}],
    ["im a nurse, he's between jobs", 'profession', { profession: 'Nurse' }],
    ["my husband's out of work, I'm a cleaner", 'profession', { profession: 'Cleaner' }],
    ["she's not working rn, i'm a chef", 'profession', { profession: 'Chef' }],
    [
      "she earns £26k, I'm between jobs at the moment",
      'annualIncome',
      { profession: 'Between jobs', annualIncome: 26000 },
    ],
    ['hes between jobs tbh, i earn 31k', 'annualIncome', { annualIncome: 31000 }],
    ['need parking for my work van', 'availability', {}],
    ['i got a work van, any parking', 'availability', {}],
    ['parking for a van would be good', 'availability', {}],
    ['wkends, also need somewhere for my work van', 'availability', { availability: 'Weekends' }],
    ['after work weekdays', 'availability', { availability: 'After work weekdays' }],
    ['sat morning, and is there space for my car', 'availability', { availability: 'Sat morning' }],
    ['tues or thurs after 6', 'availability', { availability: 'Tues or thurs after 6' }],
    ['we have a dog, is that ok', 'availability', {}],
    ['my wife is on maternity leave so its my salary only, 38k', 'annualIncome', { annualIncome: 38000 }],
  ])('%s (asked %s)', (message, asking, expected) => {
    const updates = read(message, asking);
    for (const field of ['profession', 'availability', 'annualIncome'] as const) {
      if (field in expected) expect(updates[field], field).toBe(expected[field]);
      else expect(updates[field], field).toBeUndefined();
    }
  });
});

describe('a job and its pay in one message: both are taken', () => {
  test.each<[string, string, number]>([
    ['teacher 40k', 'Teacher', 40000],
    ['nurse 32k', 'Nurse', 32000],
    ['software dev, 55k a year', 'Software dev', 55000],
    ['web dev £40,000', 'Web dev', 40000],
  ])('%s → %s on £%i', (message, profession, income) => {
    for (const asking of ['annualIncome', 'profession', 'numberOfPeople'] as const)
      expect(read(message, asking), `asked ${asking}`).toMatchObject({ profession, annualIncome: income });
  });

  test('asked for the income, "teacher 40k" is not followed by the occupation question', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), ['1st March', '2', 'teacher 40k']);
    expect(state.fields).toMatchObject({ profession: 'Teacher', annualIncome: 40000 });
    expect(reply).toContain('your occupation (Teacher)');
    expect(reply).not.toMatch(/what(?:'s| is) your occupation|do for work/i);
    expect(state.asking).toBe('name');
  });
});

describe('a bare "yes" to a question that asked for something else answers nothing', () => {
  test.each<[string, SlotName]>([
    ['yes thats right', 'availability'],
    ['Yes, that is correct', 'profession'],
  ])('%s (asked %s) is stored as nothing', (message, asking) => {
    expect(read(message, asking)).toEqual({});
  });

  test('"yes thats right" to the viewing question asks it again briefly; a yes with a time is taken', async () => {
    const answers = ['1st March', '2', '40k', 'nurse', 'Ann Lee', 'ann@example.com', '07700900123'];
    const again = await lastReply(propertyLink(elm), [...answers, 'yes thats right']);
    expect(again.state.fields.availability).toBeNull();
    expect(again.state.asking).toBe('availability');
    expect(again.reply).not.toContain("Here's a summary");
    const summary = await lastReply(propertyLink(elm), [...answers, 'yes thats right', 'sure, weekends']);
    expect(summary.reply).toContain('• Viewing availability: Weekends');
  });

  test('"yes" to the occupation question is never what lets the question go', async () => {
    const reply = await lastReply(propertyLink(elm), ['1st March', '2', '40k', 'idk', 'yes', 'yes']);
    expect(reply.reply).not.toMatch(/leave that one/);
    expect(reply.state.asking).toBe('profession');
    expect(reply.state.refused).not.toContain('profession');
    expect(reply.state.fields.profession).toBeNull();
  });
});

describe('the answers a tenant would want', () => {
  const WELCOME_CHILDREN = 'families with children are very welcome to apply';
  const WELCOME_BENEFITS = 'receiving benefits never affects how an application is considered';
  test.each<[string, string]>([
    ['our kids are 4 and 7, is that a problem?', WELCOME_CHILDREN],
    ['i have 2 boys aged 5 n 8 is this ok', WELCOME_CHILDREN],
    ['my daughter is 3, is that ok', WELCOME_CHILDREN],
    ['we have a baby, will that be an issue?', WELCOME_CHILDREN],
    ['do you take families with kids?', WELCOME_CHILDREN],
    ['2 teenagers live with me, does that matter?', WELCOME_CHILDREN],
    ['me and my 3 kids, is that alright', WELCOME_CHILDREN],
    ['im on universal credit, will that be an issue?', WELCOME_BENEFITS],
    ['we get housing benefit, does it matter', WELCOME_BENEFITS],
    ['part of my income is UC is that ok', WELCOME_BENEFITS],
    ['do u accept dss', WELCOME_BENEFITS],
  ])('%s → the welcoming answer', async (message, answer) => {
    const { reply } = await chat(elm, [message]);
    expect(reply).toContain(answer);
    expect(reply).not.toMatch(/pass (?:that|it|this|your question) on/i);
  });

  test.each<[string, string]>([
    ['how much is it a month?', 'The rent is £225 pw (£975 a month).'],
    ['whats the rent pcm', 'The rent is £225 pw (£975 a month).'],
    ['how much per month', 'The rent is £225 pw (£975 a month).'],
    ['price?', 'The rent is £225 pw (£975 a month).'],
  ])('a weekly listing, %s → %s', async (message, answer) => {
    const { reply } = await chat(forge, [message]);
    expect(reply).toContain(answer);
  });

  test.each([
    'could we move in on 1 march?',
    'can i move 1st march?',
    'is it ok to move in on the 1st of march?',
    'would 1 march be ok to move in?',
  ])('a move-in date asked for is recorded, not passed on: %s', async (message) => {
    const { reply, fields } = await chat(elm, [message]);
    expect(fields.moveIn?.date).toBe('2026-03-01');
    expect(reply).not.toMatch(/pass (?:that|it|this|your question) on/i);
  });
});

describe('digits inside an email, a handle or a web address are never income or people', () => {
  test.each<[string, SlotName | null, Partial<ExtractedFields>]>([
    ['my email is sam1990@gmail.com', 'annualIncome', { email: 'sam1990@gmail.com' }],
    ['sam1990@gmail.com', 'annualIncome', { email: 'sam1990@gmail.com' }],
    ['reach me at jo_35000@hotmail.co.uk', 'annualIncome', { email: 'jo_35000@hotmail.co.uk' }],
    ['sam.35000 at gmail.com', 'annualIncome', {}],
    ['sam_1990 at hotmail dot co dot uk', 'annualIncome', {}],
    ['sam45000@gmail', 'annualIncome', {}],
    ['insta is @sam45000', 'annualIncome', {}],
    ['my website www.sam45000.co.uk', 'annualIncome', {}],
    ['see flat45000.co.uk/listing', 'annualIncome', {}],
    ['https://example.com/flat/45000', 'annualIncome', {}],
    ['do you accept DSS? email me on sam1990@gmail.com', 'annualIncome', { email: 'sam1990@gmail.com' }],
    ['kim3@gmail.com', 'numberOfPeople', { email: 'kim3@gmail.com' }],
    ['email is the4ofus@yahoo.com', 'numberOfPeople', { email: 'the4ofus@yahoo.com' }],
    ['tom.2 at outlook dot com', 'numberOfPeople', {}],
    ['sam1990@gmail.com 07700 900123', null, { email: 'sam1990@gmail.com', phone: '+447700900123' }],
  ])('%s (asked %s) → only the contact details', (message, asking, expected) => {
    const updates = read(message, asking);
    expect(updates.annualIncome).toBeUndefined();
    expect(updates.numberOfPeople).toBeUndefined();
    expect(updates).toMatchObject(expected);
  });

  testReturns(
    '%s → the income said, not the address',
    (message) => read(message, 'annualIncome').annualIncome,
    [
      ['sam1990@gmail.com and I earn 32k', 32_000],
      ['I earn £2,500 a month, email sam45000@gmail.com', 30_000],
      ['flat45000.co.uk looks nice, I am on 41k', 41_000],
    ],
  );
});

describe('questions about the listing, misspelt or in text-speak', () => {
  const STILL_AVAILABLE = "Yes, it's still listed with us and available from 1 April 2026.";
  test.each<[string, string]>([
    ['is it stil availble?', STILL_AVAILABLE],
    ['is it still avalable', STILL_AVAILABLE],
    ['is it still avail?', STILL_AVAILABLE],
    ['is it stil avalible?', STILL_AVAILABLE],
    ['is the flat availabe?', "It's available from 1 April 2026."],
    ['when is it avaliable from?', "It's available from 1 April 2026."],
    ['is there parkin?', "For parking, there's off-street parking for one car."],
    ['any parkng?', "For parking, there's off-street parking for one car."],
    ['r pets allowd?', 'Pets are considered case by case'],
    ['can i bring my petz', 'Pets are considered case by case'],
    ['how much is the deposite?', 'The deposit is £1,615.'],
    ['whats the depposit', 'The deposit is £1,615.'],
    ['are billz included?', "Bills aren't included, so they're paid on top of the rent."],
    ['r bils inc?', "Bills aren't included, so they're paid on top of the rent."],
    ['is it furnised?', "It's let part-furnished."],
    ['is it furnshed or unfurnised', "It's let part-furnished."],
    ['is there a gardan?', "Yes, there's a garden."],
    ['whats the broadbnd like', 'The description says: Fibre broadband is available, up to 900Mb.'],
  ])('%s → %s', async (message, answer) => {
    const { reply } = await chat(willow, [message]);
    expect(reply).toContain(answer);
    expect(reply).not.toMatch(/pass (?:that|it|this|your question) on/i);
  });

  test.each<[string, RegExp]>([
    ['have there been any pests?', /pets/i],
    ['is it near Barking station?', /For parking/],
    ['is it far from the parting of the roads', /For parking/],
    ['is there a warden on site?', /there's a garden/],
    ['are the church bells loud?', /Bills/],
    ['is it near the hills?', /Bills/],
    ['is the kitchen finished?', /part-furnished/],
    ['is there a till nearby?', /still listed/],
    ['is it on Parkin Street?', /For parking/],
    ['is it avoidable to pay fees?', /available from/],
  ])('a real word near a key word is no misspelling: %s', async (message, wrong) => {
    const { reply } = await chat(willow, [message]);
    expect(reply).not.toMatch(wrong);
  });
});

describe('a question typed without its question mark', () => {
  test.each<[string, string]>([
    ['wats the deposit', 'The deposit is £1,615.'],
    ['hw much is the rent', 'The rent is £1,400 pcm.'],
    ['whens it available', "It's available from 1 April 2026."],
    ['wheres the flat', 'The address is 3 Willow Walk'],
    ['what about the deposit', 'The deposit is £1,615.'],
    ['any pets allowed', 'Pets are considered case by case'],
    ['any parking', "For parking, there's off-street parking for one car."],
    ['any garden', "Yes, there's a garden."],
    ['r bills included', "Bills aren't included, so they're paid on top of the rent."],
    ['bills inc', "Bills aren't included, so they're paid on top of the rent."],
    ['dogs allowed', 'Pets are considered case by case'],
    ['hi, parking included', "For parking, there's off-street parking for one car."],
    ['wifi included', 'The description says: Fibre broadband is available, up to 900Mb.'],
    ['smoking allowed', "I don't have the details about smoking to hand"],
  ])('%s → %s', async (message, answer) => {
    const { reply } = await chat(willow, [message]);
    expect(reply).toContain(answer);
    expect(reply).not.toMatch(/not sure I followed|didn't quite catch/);
  });

  test('asked while another question is open, it is answered, never taken as the answer', async () => {
    const upToOccupation = ['1 march', '2', '30k'];
    const { reply, fields } = await chat(willow, [...upToOccupation, 'any parking']);
    expect(reply).toContain("For parking, there's off-street parking for one car.");
    expect(fields.profession).toBeNull();
  });

  test('what the listing does not say goes to the team as an open question', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), ['wats the deposit']);
    expect(reply).toMatch(/pass your question on to the team/);
    expect(state.openQuestions).toEqual(['wats the deposit']);
  });

  test.each<[string, SlotName | null]>([
    ['I have a dog', 'moveIn'],
    ['my deposit is ready', 'moveIn'],
    ['2 of us, both nurses', 'numberOfPeople'],
    ['Sarah Jones', 'name'],
    ['1st march', 'moveIn'],
    ['parking not needed', 'availability'],
    ['no pets allowed', 'moveIn'],
    ['any weekday after 5pm', 'availability'],
    ['how about tuesday', 'availability'],
    ['weekends available', 'availability'],
    ['deposit available', 'moveIn'],
    ['any day but parking is a must', 'availability'],
  ])('"%s" (asked %s) is no question', (message, asking) => {
    const { questions } = extractAnswers(message, {
      asking,
      today,
      fields: emptyFields(),
      missing: OPEN_SLOTS,
    });
    expect(questions).toEqual([]);
  });
});

describe('an email address at a likely misspelt provider is checked once', () => {
  const upToEmail = ['1 march', '2', '30k', 'teacher', 'sarah jones'];

  test('"Did you mean…?", and yes takes the suggestion', async () => {
    const asked = await chat(elm, [...upToEmail, 'sarah@gmial.com']);
    expect(asked.reply).toContain('Did you mean sarah@gmail.com?');
    const { reply, fields } = await chat(elm, [...upToEmail, 'sarah@gmial.com', 'yes']);
    expect(fields.email).toBe('sarah@gmail.com');
    expect(reply).not.toContain('Did you mean');
    expect(reply).toMatch(/phone/i);
  });

  test.each([
    ['sarah@gmail.com', 'sarah@gmail.com'],
    ['yes sorry, sarah@gmail.com', 'sarah@gmail.com'],
    ['yep', 'sarah@gmail.com'],
    ['no', 'sarah@gmial.com'],
    ['no, it is right', 'sarah@gmial.com'],
    ['sarah@gmial.com', 'sarah@gmial.com'],
  ])('answered "%s" → %s, and not asked again', async (answer, email) => {
    const { reply, fields } = await chat(elm, [...upToEmail, 'sarah@gmial.com', answer]);
    expect(fields.email).toBe(email);
    expect(reply).not.toContain('Did you mean');
    expect(reply).not.toMatch(/didn't quite catch/);
  });

  test('the phone given beside it is kept, and the check asked', async () => {
    const { reply, fields } = await chat(elm, [...upToEmail, 'sarah@hotmial.co.uk 07700 900123']);
    expect(reply).toContain('Did you mean sarah@hotmail.co.uk?');
    expect(fields.phone).toBe('+447700900123');
  });

  test('an address at a known provider or an unknown domain is taken without a question', async () => {
    for (const email of ['sarah@gmail.com', 'sarah@live.com', 'sarah@leeds.ac.uk', 'sarah@mail.com']) {
      const { reply, fields } = await chat(elm, [...upToEmail, email]);
      expect(fields.email).toBe(email);
      expect(reply).not.toContain('Did you mean');
    }
  });

  test('at the summary, a yes to the check corrects the address and shows the summary again', async () => {
    const answers = [...upToEmail, 'sarah@gmail.com', '07700 900123', 'weekends'];
    const summary = await chat(elm, answers);
    expect(summary.reply).toContain('summary');
    const asked = await chat(elm, [...answers, 'the email should be sarah.j@outlok.com']);
    expect(asked.reply).toContain('Did you mean sarah.j@outlook.com?');
    const { reply, fields } = await chat(elm, [...answers, 'the email should be sarah.j@outlok.com', 'yes']);
    expect(fields.email).toBe('sarah.j@outlook.com');
    expect(reply).toContain('sarah.j@outlook.com');
    expect(reply).not.toContain('Thank you for confirming');
  });
});

describe('"hmm", "why?" or "not sure" answers nothing', () => {
  test.each([
    'hmm',
    'um',
    'erm...',
    'why',
    'why?',
    'sorry?',
    'not sure',
    'idk',
    'dunno',
    'no idea',
    "don't know",
    'why do you need that',
    'huh?',
    'let me think',
  ])('%s is stored as nothing, whichever free-text question was asked', (message) => {
    for (const asking of ['profession', 'name', 'availability'] as const)
      expect(read(message, asking), `asked ${asking}`).toEqual({});
  });

  test.each<[string, string, SlotName, Partial<ExtractedFields>]>([
    ['hmm', 'hmm nurse', 'profession', { profession: 'Nurse' }],
    ['not sure', 'not sure, maybe weekends', 'availability', { availability: 'Weekends' }],
    ['dunno', 'Umar Khan', 'name', { name: 'Umar Khan' }],
  ])('%s is no answer, %s is one (asked %s)', (nothing, answer, asking, expected) => {
    expect(read(nothing, asking)).toEqual({});
    expect(read(answer, asking)).toEqual(expected);
  });

  test('"not sure" is no occupation, but a move-in in words', () => {
    expect(read('not sure', 'profession')).toEqual({});
    expect(read('not sure yet', 'moveIn')).toEqual({ moveIn: { date: null, text: 'not sure' } });
  });

  const answers = ['1st March', '2', '40k'];

  test('"why?" to the occupation question says why it is asked, then asks it again', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [...answers, 'why?']);
    expect(reply).toContain('Landlords ask about work or study');
    expect(reply).toMatch(/do for work|occupation/);
    expect(reply).not.toMatch(/noted|catch that/);
    expect(state.fields.profession).toBeNull();
    expect(state.asking).toBe('profession');
  });

  test('"what do you mean" is explained, never passed on to the team as a question', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [...answers, 'what do you mean']);
    expect(reply).toContain('Landlords ask about work or study');
    expect(reply).not.toMatch(/pass your question on/);
    expect(state.openQuestions).toEqual([]);
  });

  test('"hmm" gets the question again, briefly', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [...answers, 'nurse', 'hmm']);
    expect(reply).toBe('No rush. So, what name should I pass on?');
    expect(state.fields.name).toBeNull();
  });

  test('"not sure" to the viewing question is no viewing time: the summary waits', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [
      ...answers,
      'nurse',
      'Ann Lee',
      'ann@example.com',
      '07700900123',
      'not sure',
    ]);
    expect(reply).toMatch(/^No problem if you're not sure\. .*viewing\?$/);
    expect(reply).not.toContain("Here's a summary");
    expect(state.fields.availability).toBeNull();
  });

  test('"why?" to the listing question is told why, with the listings, and no "couldn\'t find"', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['why?']);
    expect(reply).toMatch(
      /^I ask so I can answer your questions from the right listing.*Here's what we have/,
    );
    expect(reply).not.toContain("couldn't find");
    expect(state.asking).toBe('propertyId');
  });
});

describe('a question about a feature never chooses a listing by a word of its name', () => {
  test.each([
    ['is there a garden?', 'the garden flat'],
    ['hi, is there a garden', 'Garden Flat'],
    ['any garden?', 'interested in garden flat'],
    ['does it have a garden', 'is the garden flat still available?'],
    ['is it near the station?', 'is there parking at the Oakfield Avenue one?'],
  ])('%s chooses none and waits for the listing; %s names the Garden Flat', async (question, naming) => {
    const { reply, state } = await lastReply(agencyLink(), [question]);
    expect(state.fields.propertyId).toBeNull();
    expect(state.asking).toBe('propertyId');
    expect(state.pendingQuestions).toHaveLength(1);
    // A garden asked about is answered across the listings; the station waits for the listing.
    expect(reply).toContain(
      /garden/.test(question)
        ? "Garden Flat, Oakfield Avenue has a garden. Here's what we have at the moment:"
        : "Once I know which property you mean, I'll answer that from its listing.",
    );
    // The server reads a named listing's viewing times before the reply: none is named.
    expect(propertyNamedIn(agencyLink(), engine.start(agencyLink()).state, question)).toBeNull();
    expect((await lastReply(agencyLink(), [naming])).state.fields.propertyId).toBe('prop-oak');
  });
});

describe("a feature in a listing's name is neither asked about nor wanted", () => {
  test('"is the garden flat still available?" asks only whether it is, on either link', async () => {
    for (const context of [agencyLink(), propertyLink(oak)]) {
      const { reply, state } = await lastReply(context, ['is the garden flat still available?']);
      expect(state.fields.propertyId).toBe('prop-oak');
      expect(reply).toContain("Yes, it's still listed with us and available from 1 May 2026.");
      expect(reply).not.toMatch(/garden to hand|pass your question/);
      expect(state.openQuestions).toEqual([]);
    }
    // The garden asked about beside the name is still asked about.
    const { reply } = await lastReply(agencyLink(), ['is there a garden at the garden flat?']);
    expect(reply).toContain("I don't have the details about the garden to hand");
  });

  test.each([
    ['looking for somewhere with a garden', 'the garden flat', 'prop-oak'],
    ['I want a place with a garden', 'Garden Flat', 'prop-oak'],
    ['no garden needed, just parking', 'the garden one', 'prop-oak'],
    ['anything with a garden?', 'is the garden one still available?', 'prop-oak'],
    ['hi, we need a flat that has got a big garden', 'interested in garden flat', 'prop-oak'],
    ['something with a balcony or terrace please', 'Victoria Terrace', 'prop-victoria'],
  ])('%s chooses no listing by its name; %s does', async (wanted, naming, named) => {
    const { state } = await lastReply(agencyLink(), [wanted]);
    expect(state.fields.propertyId).toBeNull();
    expect(state.asking).toBe('propertyId');
    expect(propertyNamedIn(agencyLink(), engine.start(agencyLink()).state, wanted)).toBeNull();
    expect((await lastReply(agencyLink(), [naming])).state.fields.propertyId).toBe(named);
  });
});

describe('a listing typed on its own chooses it, and is never a name', () => {
  test('declined at first, the listing typed when the name is asked chooses it', async () => {
    const { reply, state } = await lastReply(agencyLink(), [
      'not sure',
      '1st March',
      '2',
      '40k',
      'nurse',
      'Maple Court',
    ]);
    expect(state.fields.propertyId).toBe('prop-maple');
    expect(state.refused).not.toContain('propertyId');
    expect(state.fields.name).toBeNull();
    expect(reply).toMatch(/Maple Court.{0,3}5 Maple Court/);
    expect(reply).not.toMatch(/Maple!/);
    expect(state.asking).toBe('name');
  });

  test('with a listing chosen, another listing typed at the name question is no name', async () => {
    const { state } = await lastReply(propertyLink(elm), ['1st March', '2', '40k', 'nurse', 'Maple Court']);
    expect(state.fields.name).toBeNull();
    expect(state.asking).toBe('name');
  });
});

describe('a listing misspelt is still the listing, an ordinary word no listing', () => {
  test.each([
    ['gardan flat', 'prop-oak'],
    ['gardn flat', 'prop-oak'],
    ['mapel court', 'prop-maple'],
    ['maple crt', 'prop-maple'],
    ['flat 3 maple ct', 'prop-maple'],
  ])('%s, typed at the name question after "not sure", chooses it and is no name', async (typed, named) => {
    const { state } = await lastReply(agencyLink(), ['not sure', '1st March', '2', '40k', 'nurse', typed]);
    expect(state.fields.propertyId).toBe(named);
    expect(state.fields.name).toBeNull();
    expect(state.asking).toBe('name');
  });

  test.each([
    ['gardn flat', 'prop-oak'],
    ['mapel crt', 'prop-maple'],
  ])('%s at the listing question chooses it', async (typed, named) => {
    const { reply, state } = await lastReply(agencyLink(), [typed]);
    expect(state.fields.propertyId).toBe(named);
    expect(reply).not.toContain("couldn't find");
  });

  test.each(['garden', 'a garden please'])('%s on its own chooses no listing', async (typed) => {
    const { state } = await lastReply(agencyLink(), [typed]);
    expect(state.fields.propertyId).toBeNull();
    expect(state.asking).toBe('propertyId');
  });

  test('one letter wrong in one word of a name chooses the listing; another word keeps the name', async () => {
    const answers = ['not sure', '1st March', '2', '40k', 'nurse'];
    expect((await lastReply(agencyLink(), [...answers, 'Mapel Court'])).state.fields.propertyId).toBe(
      'prop-maple',
    );
    const { state } = await lastReply(agencyLink(), [...answers, 'Mark Court']);
    expect(state.fields.propertyId).toBeNull();
    expect(state.fields.name).toBe('Mark Court');
  });
});

describe('"is it a ground floor flat?" asks which floor, whatever the listing is called', () => {
  test('asked of the Garden Flat, whose facts do not say, it is passed on with its topic', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['the garden flat', 'is it a ground floor flat?']);
    expect(reply).toContain("I don't have the details about which floor it is on to hand");
    expect(state.openQuestions).toEqual(['is it a ground floor flat?']);
  });

  test('asked before a listing is chosen, it chooses none: "a ground floor flat" names no listing', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['is it a ground floor flat?']);
    expect(state.fields.propertyId).toBeNull();
    expect(state.pendingQuestions).toEqual(['is it a ground floor flat?']);
    expect(reply).toContain("Once I know which property you mean, I'll answer that from its listing.");
    const chosen = await lastReply(agencyLink(), ['is it a ground floor flat?', 'garden flat']);
    expect(chosen.state.fields.propertyId).toBe('prop-oak');
    expect(chosen.reply).toContain("I don't have the details about which floor it is on to hand");
  });
});

describe('on the agency link, a feature wanted points at the listings that have it', () => {
  /** The Forge with no parking, the Garden Flat by its name, Willow Cottage by its features, pets welcome. */
  const described = (): AgentContext => ({
    ...agencyLink(),
    properties: [forge, maple, oak, { ...willow, petsPolicy: 'allowed' }],
  });

  test.each([
    [
      'looking for somewhere with a garden',
      'Garden Flat, Oakfield Avenue and Willow Cottage have a garden.',
      ['prop-oak', 'prop-willow'],
    ],
    [
      'need parking',
      'Maple Court, Garden Flat, Oakfield Avenue and Willow Cottage have parking.',
      ['prop-maple', 'prop-oak', 'prop-willow'],
    ],
    ['anything pet friendly?', 'Pets are welcome at Willow Cottage.', ['prop-willow']],
  ])('%s → %s, those listed first, and no "couldn\'t find"', async (wanted, said, first) => {
    const { reply, state, quickReplies } = await lastReply(described(), [wanted]);
    expect(reply).toContain(`${said} Here's what we have at the moment:`);
    expect(reply).not.toContain("couldn't find");
    expect(state.fields.propertyId).toBeNull();
    expect(state.asking).toBe('propertyId');
    const names = described()
      .properties.filter((p) => first.includes(p.id))
      .map((p) => p.name);
    expect(quickReplies.slice(0, first.length).sort()).toEqual(names.sort());
  });

  test('a feature no listing has is said plainly, with the list', async () => {
    const { reply, quickReplies } = await lastReply(described(), ['need a dishwasher']);
    expect(reply).toMatch(
      /^None of our listings mentions a dishwasher\. Here's what we have at the moment:\n• The Forge Studio/,
    );
    expect(reply).not.toContain("couldn't find");
    expect(quickReplies[0]).toBe('The Forge Studio');
  });

  test.each(['looking for something cheap', 'need a flat near the park'])(
    '%s describes a home, names none: the list without "couldn\'t find" nor a word on parking',
    async (described) => {
      const { reply } = await lastReply(agencyLink(), [described]);
      expect(reply).toMatch(/^Here's what we have at the moment:\n• Elm Road Flat/);
      expect(reply).not.toContain('parking');
    },
  );

  test('a street that sounds like a feature is none: Victoria Terrace has no balcony for it', async () => {
    const { reply } = await lastReply(agencyLink(), ['any flats with a balcony?']);
    expect(reply).toContain("None of our listings mentions a balcony. Here's what we have at the moment:");
  });
});

describe('on the agency link, a want said in the negative is no want', () => {
  test.each([
    "don't need parking",
    'no pets',
    'no garden needed',
    "we don't have a car",
    'no pets, no smokers',
  ])('%s gets the listings as they are, without a word on it nor "couldn\'t find"', async (denied) => {
    const { reply, state } = await lastReply(agencyLink(), [denied]);
    expect(reply).toMatch(/^Here's what we have at the moment:\n• Elm Road Flat/);
    expect(reply).not.toMatch(/couldn't find|parking|pets|garden\./);
    expect(state.fields.propertyId).toBeNull();
    expect(state.asking).toBe('propertyId');
  });

  test('"no garden needed, just parking" chooses no Garden Flat and answers the parking', async () => {
    const message = 'no garden needed, just parking';
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(state.fields.propertyId).toBeNull();
    expect(propertyNamedIn(agencyLink(), engine.start(agencyLink()).state, message)).toBeNull();
    expect(reply).toMatch(/^6 of our listings have parking\. Here's what we have at the moment:/);
    // Its lack denied, it is wanted.
    const needed = await lastReply(agencyLink(), ["can't live without parking"]);
    expect(needed.reply).toMatch(/^6 of our listings have parking\. Here's what we have at the moment:/);
  });

  test('"i dont have any pets" declines no listing, where "any is fine" does', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['i dont have any pets']);
    expect(state.refused).toEqual([]);
    expect(state.asking).toBe('propertyId');
    expect(reply).toMatch(/^Here's what we have at the moment:\n• Elm Road Flat/);
    expect((await lastReply(agencyLink(), ['any is fine'])).state.refused).toEqual(['propertyId']);
  });

  test('"we have 2 cars" wants parking', async () => {
    const { reply } = await lastReply(agencyLink(), ['we have 2 cars']);
    expect(reply).toMatch(/^6 of our listings have parking\. Here's what we have at the moment:/);
  });
});

describe('a street word names a listing only beside its own neighbour', () => {
  test.each(['the flat on Baker Street', 'baker street'])(
    "%s chooses none and says no listing matches; a listing's own street or name still chooses it",
    async (street) => {
      const { reply, state } = await lastReply(agencyLink(), [street]);
      expect(state.fields.propertyId).toBeNull();
      expect(propertyNamedIn(agencyLink(), engine.start(agencyLink()).state, street)).toBeNull();
      expect(reply).toMatch(/^I couldn't find a listing matching that\./);
      const named = [
        ['victoria terrace', 'prop-victoria'],
        ['maple court', 'prop-maple'],
        ['the one on Mill Street', 'prop-forge'],
        ['the flat on elm road', 'prop-elm'],
        ['the forge one', 'prop-forge'],
        ['the Oakfield one', 'prop-oak'],
      ];
      for (const [typed, id] of named)
        expect((await lastReply(agencyLink(), [typed])).state.fields.propertyId).toBe(id);
    },
  );
});

describe('a question the wants answer across the listings waits without saying so', () => {
  test.each(['we have a dog, is that ok?', 'anything pet friendly?'])(
    '%s is answered across the listings, then from the one chosen',
    async (asked) => {
      const { reply, state } = await lastReply(agencyLink(), [asked]);
      expect(reply).toMatch(
        /^None of our listings says pets are welcome, but pet requests are considered\. Here's what we have/,
      );
      expect(reply).not.toContain('Once I know');
      expect(state.pendingQuestions).toHaveLength(1);
      const chosen = await lastReply(agencyLink(), [asked, 'Elm Road Flat']);
      expect(chosen.reply).toMatch(
        /^Great choice: Elm Road Flat[^.]*\. Pet requests are considered, so I'll pass yours on to the team\. What/,
      );
      expect(chosen.state.openQuestions).toHaveLength(1);
    },
  );
});

describe("a thread's first text, read before the greeting, is answered as on the web", () => {
  test.each(['need parking', "don't need parking", 'we have a dog, is that ok?'])('%s', async (text) => {
    const { state } = engine.start(agencyLink());
    const web = await engine.reply(agencyLink(), state, text);
    // The server reads a thread's first text as answering no question of ours.
    const thread = await engine.reply(agencyLink(), { ...state, asking: null }, text, {
      isBeforeGreeting: true,
    });
    expect(thread.reply).toBe(web.reply);
    expect(thread.quickReplies).toEqual(web.quickReplies);
  });

  test('"the flat on Baker Street" is no occupation', async () => {
    const { state } = engine.start(agencyLink());
    const thread = await engine.reply(agencyLink(), { ...state, asking: null }, 'the flat on Baker Street', {
      isBeforeGreeting: true,
    });
    expect(thread.state.fields.profession).toBeNull();
    expect(thread.reply).not.toContain('occupation');
  });
});

describe('a first message that says several things at once', () => {
  const opener = 'need a 2 bed asap, have a dog, work full time';

  test.each([
    ['the agency link', agencyLink()],
    ['a property link', propertyLink(elm)],
  ])(
    '"need a 2 bed asap, have a dog, work full time" on %s: move-in and work, no viewing time',
    async (_, context) => {
      const { state } = await lastReply(context, [opener]);
      expect(state.fields.moveIn).toEqual({ date: today, text: null });
      expect(state.fields.profession).toBe('Employed full-time');
      expect(state.fields.availability).toBeNull();
    },
  );

  test('on the agency link the two-bed listings and the pets policy are told, no listing chosen', async () => {
    const { reply, state } = await lastReply(agencyLink(), [opener]);
    expect(reply).toMatch(/Elm Road Flat and Garden Flat, Oakfield Avenue have 2 bedrooms\./);
    expect(reply).toMatch(/pet requests are considered/);
    expect(state.fields.propertyId).toBeNull();
  });

  test('on a property link the dog is told the pets policy, as if asked', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [opener]);
    expect(reply).toMatch(/^Pet requests are considered, so I'll pass yours on to the team\./);
    expect(state.openQuestions).toEqual(['have a dog']);
  });

  test.each([opener, 'hi, i have a dog'])(
    'on the agency link, "%s" is told the pets policy and passed on once the listing is chosen',
    async (message) => {
      const { reply, state } = await lastReply(agencyLink(), [message, 'Maple Court']);
      expect(reply).toMatch(
        /^Great choice: Maple Court[^.]*\. Pet requests are considered, so I'll pass yours on/,
      );
      expect(state.openQuestions).toEqual(['have a dog']);
    },
  );

  test.each(['asap, no pets', 'asap, my partner is allergic to cats'])(
    '"%s" says no pet the tenant has',
    async (message) => {
      const { reply } = await lastReply(propertyLink(elm), [message]);
      expect(reply).not.toMatch(/Pet requests/);
    },
  );

  test.each([
    ['have a dog', 'asap, have a dog'],
    ['have 2 cats', 'from 1st march, have 2 cats'],
  ])('"%s" without its "?" is said, not asked', (_, message) => {
    expect(read(message, 'moveIn').moveIn).not.toBeUndefined();
    const { questions } = extractAnswers(message, {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
      missing: OPEN_SLOTS,
    });
    expect(questions).toEqual([]);
  });
});

describe('hours at work and a call asked for are no viewing time', () => {
  test.each([
    'i work nights, can i call later',
    'i work nights',
    'work lates most days',
    'i do night shifts',
  ])('"%s" while the move-in is asked stores no viewing availability', async (message) => {
    const { state } = await lastReply(propertyLink(elm), [message]);
    expect(state.fields.availability).toBeNull();
    expect(state.fields.moveIn).toBeNull();
  });

  test('"can i call later" is passed on to the team as a wish to talk by phone', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), ['i work nights, can i call later']);
    expect(reply).toMatch(/^Of course: I'll pass on to the team that you'd like to talk by phone\./);
    expect(state.openQuestions).toEqual(['can i call later']);
  });

  test.each([
    'can i call later, is parking included?',
    'can i call later also is parking included',
    'is parking included and can i call later',
  ])('"%s" keeps the call asked for and answers the parking too', async (message) => {
    const { reply, state } = await lastReply(propertyLink(maple), ['1st March', message]);
    expect(reply).toContain("I'll pass on to the team that you'd like to talk by phone.");
    expect(reply).toContain("For parking, there's allocated space.");
    expect(state.openQuestions.join(' ')).toMatch(/can i call later/);
  });

  test('"can i call u later and whats the deposit" passes the call on and the deposit question too', async () => {
    const { reply, state } = await lastReply(propertyLink(maple), [
      '1st March',
      'can i call u later and whats the deposit',
    ]);
    expect(reply).toContain("I'll pass on to the team that you'd like to talk by phone.");
    expect(reply).toMatch(/deposit/);
    expect(state.openQuestions).toEqual(['can i call u later', 'whats the deposit']);
  });

  test.each(['call me back pls, also are bills included?', 'call me later', 'call me on my mobile'])(
    '"%s" gives no name',
    async (message) => {
      const { reply, state } = await lastReply(propertyLink(maple), ['1st March', message]);
      expect(state.fields.name).toBeNull();
      expect(reply).not.toMatch(/nice to meet you/i);
    },
  );

  test('"call me jo" still gives the name', async () => {
    const { state } = await lastReply(propertyLink(maple), ['1st March', 'call me jo']);
    expect(state.fields.name).toBe('Jo');
  });

  test('a short viewing time given while another question is open is still read', async () => {
    const { state } = await lastReply(propertyLink(elm), ['asap', 'weekday evenings']);
    expect(state.fields.availability).toBe('Weekday evenings');
  });

  test('"i work nights" while the people are asked is no viewing time either', async () => {
    const { state } = await lastReply(propertyLink(elm), ['asap', 'i work nights']);
    expect(state.fields.availability).toBeNull();
  });
});

describe('a couple is two people', () => {
  const couples =
    "professional couple looking|young professional couple, no pets|we're a couple|we are a working couple|couple looking for a 1 bed|me and my partner";
  test.each(couples.split('|'))('%s → 2', (message) => {
    expect(read(message, 'moveIn').numberOfPeople).toBe(2);
  });

  test.each(['married couple with a baby', 'professional couple with 1 child'])('%s → 3', (message) => {
    expect(read(message, 'moveIn').numberOfPeople).toBe(3);
  });

  test.each([
    'for a couple of months',
    'a couple months from now',
    'in a couple weeks',
    'could do a couple of days next week',
  ])('"%s" counts nobody', (message) => {
    expect(read(message, 'moveIn').numberOfPeople).toBeUndefined();
  });
});

describe('a rent cap said after the sum', () => {
  test.each([
    ['1000 pcm max', '£1,000'],
    ['max 1000 pcm', '£1,000'],
    ['no more than £1k a month', '£1,000'],
    ['£1.2k tops', '£1,200'],
    ['900 a month or less', '£900'],
  ])('"%s" on the agency link is a rent of %s a month or less', async (message, cap) => {
    const { reply, state } = await lastReply(agencyLink(), [message]);
    expect(reply).toMatch(new RegExp(`advertised at ${cap} a month or less\\.`));
    expect(reply).not.toMatch(/couldn't find/);
    expect(state.fields.annualIncome).toBeNull();
    expect(state.fields.propertyId).toBeNull();
  });
});

describe('a listing picked by its rent says its rent (more in wants.test.ts)', () => {
  test('a listing named by its name is told without its rent', async () => {
    const { reply } = await lastReply(agencyLink(), ['elm road flat']);
    expect(reply).not.toMatch(/£1,250/);
  });
});

describe('a rent to be near picks the listing near it (more in wants.test.ts)', () => {
  test('"the one around £950 a month" near two listings lists them, choosing none', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['the one around £950 a month']);
    expect(state.fields.propertyId).toBeNull();
    expect(reply).toMatch(/^The Forge Studio and Riverside Apartment are advertised at around £950 a month/);
  });

  test('"about 2.3k" is a month\'s rent, not an income', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['about 2.3k']);
    expect(state.fields.annualIncome).toBeNull();
    expect(reply).toMatch(/^Birch Lane Family Home is advertised at around £2,300 a month/);
  });
});

describe('"do you accept students?" across the listings', () => {
  const described = (property: AgentProperty, description: string): AgentProperty => ({
    ...property,
    description,
  });

  test('answered across the listings, no listing to choose first, and passed on', async () => {
    const { reply, state } = await lastReply(agencyLink(), ['do you accept students?']);
    expect(reply).toMatch(
      /^None of our listings says whether students are accepted, so I'll pass your question on to the team\. Here's what we have/,
    );
    expect(reply).not.toMatch(/Once I know which property/);
    expect(state.openQuestions).toEqual(['do you accept students?']);
    expect(state.pendingQuestions).toBeUndefined();
  });

  test("the adverts that say so are named, those that don't too", async () => {
    const properties = allProperties.map((p) =>
      p.id === elm.id
        ? described(p, 'A bright flat near the university. Students welcome.')
        : p.id === maple.id
          ? described(p, 'Sorry, no students or smokers.')
          : p,
    );
    const context: AgentContext = { ...agencyLink(), properties };
    const { reply } = await lastReply(context, ['hi, students allowed?']);
    expect(reply).toMatch(
      /Students are welcome at Elm Road Flat\. Maple Court does not take students\. The others don't say, so I'll pass your question on to the team\./,
    );
  });

  test('every advert saying so leaves nothing to pass on', async () => {
    const properties = allProperties.map((p) => described(p, 'Students welcome.'));
    const { reply, state } = await lastReply({ ...agencyLink(), properties }, ['do u take students']);
    expect(reply).toMatch(/^Students are welcome at all our listings\./);
    expect(state.openQuestions).toEqual([]);
  });

  test('"I\'m a student" says who the tenant is and asks nothing', async () => {
    const { reply, state } = await lastReply(agencyLink(), ["I'm a student"]);
    expect(reply).not.toMatch(/students are accepted/);
    expect(state.openQuestions).toEqual([]);
  });
});
