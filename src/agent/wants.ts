import { formatMoney } from '#shared/format.ts';
import type { Furnishing } from '#shared/listing.ts';
import { parseRent } from '#shared/rent.ts';
import { withoutPlaceNames } from './place-names.ts';
import { FEATURE_WORDS, NO_PARKING, type Topic } from './questions.ts';
import { INCOME_BEFORE, RENT_CAP, RENT_NEAR } from './reading.ts';
import { withKeyWordsSpelt } from './spelling.ts';
import { joinList, normalise, numberFromWord, splitSentences } from './text.ts';
import type { AgentProperty } from './types.ts';

/*
 * What a tenant looking through the agency's listings wants of one ("somewhere with a garden",
 * "need parking", "anything pet friendly?"), and which listings say they have it: the reply
 * points at those and lists them first, rather than taking the want for a listing not found.
 */

/** A want a listing's facts can show: a feature, parking, or pets welcome. */
type Want =
  | { kind: 'feature'; feature: string; cue: RegExp; inName: RegExp }
  /** Parking, of one sort when said ("the one with the driveway"): only a listing whose parking says so. */
  | { kind: 'parking'; sort: ParkingSort | null }
  | { kind: 'pets' }
  /** "wheelchair accessible?", "step free access?": what a listing says of getting in without steps. */
  | { kind: 'access' }
  /** "any with bills included?": a listing that says its rent includes the bills. */
  | { kind: 'bills' }
  /** "any furnished ones?", "unfurnished please": the furnishing a listing says. */
  | { kind: 'furnishing'; furnishing: Furnishing }
  /** "what areas do you cover?": the towns the listings are in. */
  | { kind: 'areas' }
  /** "do you accept students?": the listings whose advert welcomes students (or says no students). */
  | { kind: 'students' }
  /** "2 bed", "a 3 bedroom house", "2+ beds": at least that many with `orMore`. */
  | { kind: 'bedrooms'; count: number; orMore: boolean }
  /** "under 1200", "max £1k", "up to 250 a week": the most a month, in pounds. */
  | { kind: 'maxRent'; monthly: number }
  /** "around £1000pcm", "about 1k a month": a rent within `NEAR_RENT` of it, a month, in pounds. */
  | { kind: 'nearRent'; monthly: number }
  /** "the cheapest one", "cheapest 2 bed?": the lowest rent, of those with the other wants. */
  | { kind: 'cheapest' };

/** Parking wanted: "need parking", "somewhere to park", "we have a car"; not "near a park". */
const PARKING =
  /\b(?:parking|to park|park (?:a|my|our|the|two|2) (?:cars?|vans?)|driveways?|car space|off[- ]street|(?:have|got|own|drive) (?:a|two|2) (?:cars?|vans?))\b/i;
const PETS = /\b(?:pets?|dogs?|cats?|puppy|kitten|animals?)\b/i;

/** A sort of parking a listing's parking may say it is: "Driveway for two cars", "Allocated space". */
type ParkingSort = { noun: string; cue: RegExp };
const PARKING_SORTS: readonly ParkingSort[] = [
  { noun: 'a driveway', cue: /\bdrive(?:ways?)?\b/i },
  {
    noun: 'an allocated space',
    cue: /\b(?:allocated|assigned|designated|dedicated|private) (?:parking )?(?:space|spot|bay)s?\b|\ballocated parking\b/i,
  },
  { noun: 'underground parking', cue: /\b(?:underground|basement) (?:parking|space|car ?park)\b/i },
  { noun: 'permit parking', cue: /\bpermit\b/i },
];
/** How a listing's parking may say the sort: an allocated space is "Allocated space" or "Allocated bay". */
const PARKING_SAID: ReadonlyMap<string, RegExp> = new Map([
  ['a driveway', /\bdrive(?:ways?)?\b/i],
  ['an allocated space', /\b(?:allocated|assigned|designated|dedicated|private)\b/i],
  ['underground parking', /\b(?:underground|basement)\b/i],
  ['permit parking', /\bpermit\b/i],
]);

/** Getting in without steps: "wheelchair accessible", "step free access", "level access". */
const ACCESS =
  /\b(?:wheel ?chairs?|step[- ]?free|accessible|accessibility|disabled access|level access|no (?:stairs|steps)|mobility)\b/i;
/** What a listing says of its access, in its features or advert. */
const ACCESS_SAID = /\b(?:wheel ?chair|step[- ]?free|level access|accessible|ramp(?:ed)?)\b/i;

/** The areas the agency's listings are in, asked about: "what areas do you cover", "where are your flats". */
const AREAS =
  /\b(?:(?:what|which|wat|wot) (?:areas?|locations?|places|towns?|cities|parts)\b|areas? (?:do you |do u )?(?:cover|covered)\b|where (?:are|r) (?:your|ur|the) (?:properties|listings|flats|houses|homes)\b)/i;

/** The town of an address: its last part, the postcode left off ("…, Headingley, Leeds LS6 3BQ": Leeds). */
function townOf(address: string): string | null {
  const last = address
    .split(',')
    .pop()
    ?.replace(/\s*\b[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}\b\s*$/i, '')
    .trim();
  return last && /^[a-z][a-z '-]*$/i.test(last) ? last : null;
}

/** Whether students are taken, asked: "do you accept students?", "students allowed?", "student friendly". */
const STUDENTS_ASKED =
  /\b(?:accept|allow|take|welcome|consider|let)\w*\s+(?:in\s+)?(?:\w+\s+)?students?\b|\bstudents?\s+(?:are\s+|r\s+|is\s+)?(?:allowed|welcome|accepted|ok|okay|considered|friendly|fine)\b|\bstudent[- ]friendly\b/i;
/** Students, as an advert speaks of them: "Students welcome", "Sorry, no students". */
const STUDENTS_SAID = /\bstudents?\b/i;

/** Bills in the rent wanted: "bills included?", "all inclusive", "inclusive of bills". */
const BILLS =
  /\bbills? (?:are |r |is )?(?:incl(?:uded|usive|\.)?|in(?:cluded)? (?:the|with) (?:the )?rent)|\ball[- ]inclusive\b|\binclusive of bills\b/i;
/** A furnishing wanted: "furnished", "part furnished", "unfurnished". */
const FURNISHED = /\b(un|part[- ]?|partly )?furnished\b/i;

/** How far a rent may be from "around £1,000 a month" and still be near it: a tenth either way. */
const NEAR_RENT = 0.1;
/** A sentence of a description that says a listing lacks something: "There is no garden." */
const NEGATION = /\b(?:no|not|without|isn't|doesn't|none)\b/i;
/** Features said without "a": "Gas central heating is fitted". */
const UNCOUNTED = new Set(['gas central heating', 'double glazing', 'bike storage']);

/**
 * Where a message's clauses part, each saying its own want or denial: "no garden needed, just
 * parking" wants parking alone.
 */
const CLAUSE_BREAK = /[.;:!?]|\s-\s|\b(?:but|just|only|though|although|however|plus|also|as)\b/i;
/**
 * Where the members of a list part ("no garden or balcony", "a garden, a balcony and parking"): a
 * member that says nothing of its own takes the denial of the list.
 */
const LIST_JOIN = /(,|\b(?:and|or|nor)\b)/i;
/** A want denied before it in its clause: "don't need parking", "no pets", "we don't have a car". */
const DENIED_BEFORE = /\b(?:no|not|never|without|nor|neither|don'?t|doesn'?t|do not|does not)\b/i;
/** A want said by denying its lack: "can't live without parking", "not without a garden". */
const NEEDED_WITHOUT =
  /\b(?:can'?t|cannot|couldn'?t|won'?t|not)\s+(?:(?:live|do|manage|cope|go|be)\s+)?without\s+(?:[a-z'-]+\s+){0,2}$/i;
/** A want denied after it: "garden not needed", "parking isn't essential". */
const DENIED_AFTER =
  /^\s*(?:(?:is|are)\s+)?(?:not|isn'?t|aren'?t)\s+(?:needed|necessary|required|essential|important|wanted|a must)\b/i;
/** A member of a list that says its own want: "need parking", "a garden please", "with a balcony". */
const OWN_WANT =
  /\b(?:need|needs|want|wants|wanting|have|has|got|would|like|love|prefer|please|pls|plz|with|looking|must|ideally)\b/i;
/** A want said after it ("parking needed"), its own after a comma or "and", the list's after "or". */
const OWN_WANT_AFTER = /\b(?:needed|required|wanted|essential|important|a must)\b/i;
/** A bedroom count wanted: "2 bed", "two bedroom", "3+ beds", "1br". */
const BEDROOMS =
  /\b(\d|one|two|three|four|five|six)\s*(\+)?\s*-?\s*(?:bed|beds|bedroom|bedrooms|bedroomed|br|b\/r)\b(?:\s*(?:or more|plus|\+))?/i;

/** A want each listing has or not, unlike the cheapest, which only one is. */
type Measured = Exclude<Want, { kind: 'cheapest' }>;

/** The lowest rent wanted: "the cheapest one", "least expensive". */
const CHEAPEST = /\b(?:cheapest|least expensive|lowest (?:rent|price))\b/i;

/** Named one by one up to this many; past it, counted. */
const MAX_NAMED = 3;

type Said = 'wanted' | 'denied';

/** Whether a clause names what `cue` finds, and wants it rather than denies it: "no pets" wants none. */
function wantIn(clause: string, cue: RegExp): { said: Said; isDeniedAfter: boolean } | null {
  const m = cue.exec(clause);
  if (!m) return null;
  const before = clause.slice(0, m.index);
  const isDeniedAfter = DENIED_AFTER.test(clause.slice(m.index + m[0].length));
  const isDenied = (DENIED_BEFORE.test(before) && !NEEDED_WITHOUT.test(before)) || isDeniedAfter;
  return { said: isDenied ? 'denied' : 'wanted', isDeniedAfter };
}

/** Every cue a want may be named by: a list's denial is passed on only from a member naming one. */
const ALL_CUES: readonly RegExp[] = [PARKING, PETS, ACCESS, ...FEATURE_WORDS.map(([, cue]) => cue)];

/** One member of a list, and whether it takes the list's denial rather than saying its own. */
type Member = { text: string; isDeniedByList: boolean };

/**
 * A clause's list members ("no garden or balcony needed": "no garden", "balcony needed"), each
 * told whether the list denies it: a member with no word of its own after a denied one ("no garden
 * or balcony", "don't need parking or a garden"), or before one denied after it ("garden or balcony
 * not needed").
 */
function membersOf(clause: string): Member[] {
  const parts = clause.split(LIST_JOIN);
  const members: { text: string; joinedBy: string | null }[] = [];
  for (let i = 0; i < parts.length; i += 2)
    members.push({ text: parts[i], joinedBy: i > 0 ? parts[i - 1].toLowerCase() : null });
  const denial = members.map(({ text }) => {
    const said = ALL_CUES.map((cue) => wantIn(text, cue)).filter((w) => w !== null);
    return said.some((w) => w.said === 'denied')
      ? said.some((w) => w.isDeniedAfter)
        ? 'after'
        : 'before'
      : null;
  });
  /** Whether a member says nothing of its own: after "or", "needed" is the list's ("no garden or balcony needed"). */
  const isBare = (i: number) => {
    const { text, joinedBy } = members[i];
    if (DENIED_BEFORE.test(text) || OWN_WANT.test(text)) return false;
    return /^(?:or|nor)$/.test(joinedBy ?? '') || !OWN_WANT_AFTER.test(text);
  };
  const denied = members.map(() => false);
  for (let i = 1; i < members.length; i++)
    denied[i] = isBare(i) && (denial[i - 1] === 'before' || denied[i - 1]);
  const deniedAfter = members.map(() => false);
  for (let i = members.length - 2; i >= 0; i--)
    deniedAfter[i] = isBare(i) && (denial[i + 1] === 'after' || deniedAfter[i + 1]);
  return members.map(({ text }, i) => ({ text, isDeniedByList: denied[i] || deniedAfter[i] }));
}

/**
 * The wants a message says, listings' own names left out ("the garden flat" wants no garden), and
 * whether it denied any ("don't need parking", "no pets, no smokers"): a want denied is no want,
 * and a denial covers the list it governs ("no garden or balcony needed").
 */
function wantsIn(message: string, places: readonly string[]): { wants: Want[]; isAnyDenied: boolean } {
  const said = withoutPlaceNames(withKeyWordsSpelt(normalise(message)), places);
  const members = said.split(CLAUSE_BREAK).flatMap(membersOf);
  let isAnyDenied = false;
  const isWanted = (cue: RegExp) => {
    let wanted = false;
    for (const member of members) {
      const found = wantIn(member.text, cue);
      if (!found) continue;
      if (found.said === 'denied' || member.isDeniedByList) isAnyDenied = true;
      else wanted = true;
    }
    return wanted;
  };
  const wants: Want[] = bedroomsWanted(said);
  const sort = PARKING_SORTS.find(({ cue }) => isWanted(cue)) ?? null;
  if (sort || isWanted(PARKING)) wants.push({ kind: 'parking', sort });
  if (isWanted(PETS)) wants.push({ kind: 'pets' });
  if (isWanted(ACCESS)) wants.push({ kind: 'access' });
  if (AREAS.test(said)) wants.push({ kind: 'areas' });
  if (STUDENTS_ASKED.test(said)) wants.push({ kind: 'students' });
  if (isWanted(BILLS)) wants.push({ kind: 'bills' });
  const furnished = isWanted(FURNISHED) ? FURNISHED.exec(said) : null;
  if (furnished) {
    const prefix = furnished[1]?.toLowerCase() ?? '';
    const furnishing = prefix === 'un' ? 'unfurnished' : prefix ? 'part-furnished' : 'furnished';
    wants.push({ kind: 'furnishing', furnishing });
  }
  for (const [feature, cue] of FEATURE_WORDS) {
    // A garage wanted is parking wanted, answered once.
    if (feature === 'garage' && wants.some((w) => w.kind === 'parking')) continue;
    if (!isWanted(cue)) continue;
    // "Garden Flat" is a flat with a garden; "Victoria Terrace" is a street, no balcony.
    const inName = new RegExp(`\\b${feature} (?:flat|apartment|cottage|house|maisonette)\\b`, 'i');
    wants.push({ kind: 'feature', feature, cue, inName });
  }
  wants.push(...rentCapped(said), ...rentNear(said));
  if (CHEAPEST.test(said)) wants.push({ kind: 'cheapest' });
  return { wants, isAnyDenied };
}

/** "a 2 bed", "3+ bedrooms": the bedrooms wanted, if said. */
function bedroomsWanted(said: string): Want[] {
  const m = BEDROOMS.exec(said);
  if (!m) return [];
  const count = /^\d$/.test(m[1]) ? Number(m[1]) : numberFromWord(m[1].toLowerCase());
  if (count === null) return [];
  return [{ kind: 'bedrooms', count, orMore: Boolean(m[2]) || /(?:or more|plus|\+)$/i.test(m[0]) }];
}

/** The most a month the tenant can pay, if said: "under 1200", "max 1.1k", "up to £250 a week". */
function rentCapped(said: string): Want[] {
  const m = RENT_CAP.exec(said);
  if (!m) return [];
  const [figure, k, week] = m[1] ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]];
  const amount = Number(figure.replace(/,/g, '')) * (k ? 1000 : 1);
  const monthly = week ? Math.round((amount * 52) / 12) : amount;
  // "under 5 minutes", "up to 2 of us": no rent.
  return monthly >= 200 && monthly <= 50_000 ? [{ kind: 'maxRent', monthly }] : [];
}

/** A rent to be near, if said: "around £1000pcm", "about 1k a month", "roughly £225 pw". */
function rentNear(said: string): Want[] {
  const m = RENT_NEAR.exec(said);
  // "I earn about 2k a month" is an income.
  if (!m || INCOME_BEFORE.test(said.slice(Math.max(0, m.index - 40), m.index))) return [];
  const [figure, k, period] = m[1] ? [m[1], m[2], m[3]] : m[4] ? [m[4], m[5], m[6]] : [m[7], m[8], undefined];
  const amount = Number(figure.replace(/,/g, '')) * (k ? 1000 : 1);
  // "around £30k" is more likely a salary than a month's rent; "about 2.4k" a month's rent.
  if (!period && !m[7] && (k || amount > 10_000)) return [];
  const isWeekly = /w/i.test(period ?? '');
  const monthly = isWeekly ? Math.round((amount * 52) / 12) : amount;
  return monthly >= 200 && monthly <= 50_000 ? [{ kind: 'nearRent', monthly }] : [];
}

/** The rents near a figure: a tenth below it to a tenth above, in whole pounds. */
function nearRange(monthly: number): [number, number] {
  return [Math.round(monthly * (1 - NEAR_RENT)), Math.round(monthly * (1 + NEAR_RENT))];
}

/** Whether the listing's description says it has what `cue` names, in a sentence not denying it. */
function describedWith(property: AgentProperty, cue: RegExp): boolean {
  if (!property.description) return false;
  return splitSentences(normalise(property.description)).some((s) => cue.test(s) && !NEGATION.test(s));
}

/** Whether the listing's description turns down what `cue` names: "Sorry, no students." */
function describedAgainst(property: AgentProperty, cue: RegExp): boolean {
  if (!property.description) return false;
  return splitSentences(normalise(property.description)).some((s) => cue.test(s) && NEGATION.test(s));
}

/** Whether the listing's facts (its features, name, parking, description) say it has the want. */
function hasWant(property: AgentProperty, want: Want): boolean {
  switch (want.kind) {
    case 'feature':
      return (
        property.features.some((f) => f.toLowerCase().includes(want.feature)) ||
        want.inName.test(property.name) ||
        // "Garage and driveway" said as its parking.
        (want.feature === 'garage' && /\bgarage\b/i.test(property.parking ?? '')) ||
        describedWith(property, want.cue)
      );
    case 'parking': {
      const parking = property.parking?.trim();
      if (want.sort) {
        const said = PARKING_SAID.get(want.sort.noun) ?? want.sort.cue;
        return (
          said.test(parking ?? '') ||
          property.features.some((f) => said.test(f)) ||
          describedWith(property, want.sort.cue)
        );
      }
      if (parking) return !NO_PARKING.test(parking);
      return property.features.some((f) => /garage|parking/i.test(f)) || describedWith(property, PARKING);
    }
    case 'pets':
      return property.petsPolicy === 'allowed';
    case 'areas':
      // Said of the listings as a whole.
      return false;
    case 'students':
      return describedWith(property, STUDENTS_SAID);
    case 'bills':
      return property.billsIncluded === true;
    case 'furnishing':
      return property.furnishing === want.furnishing;
    case 'access':
      return property.features.some((f) => ACCESS_SAID.test(f)) || describedWith(property, ACCESS_SAID);
    case 'bedrooms':
      if (property.bedrooms === null) return false;
      return want.orMore ? property.bedrooms >= want.count : property.bedrooms === want.count;
    case 'cheapest':
      // Said of the listings as a whole, in `listingsWanted`.
      return false;
    case 'maxRent': {
      const rent = parseRent(property.rentalPrice);
      // "Price on application" may be anything: not said to be within it.
      return rent !== null && Math.round(rent.monthly) <= want.monthly;
    }
    case 'nearRent': {
      const rent = parseRent(property.rentalPrice);
      const [low, high] = nearRange(want.monthly);
      return rent !== null && Math.round(rent.monthly) >= low && Math.round(rent.monthly) <= high;
    }
  }
}

function namesOf(properties: readonly AgentProperty[], total: number): string {
  if (properties.length === total && total > 1) return 'all our listings';
  if (properties.length > MAX_NAMED) return `${properties.length} of our listings`;
  return joinList(properties.map((p) => p.name));
}

/** "Elm Road Flat has 2 bedrooms.", "6 of our listings have parking.": the listings, a verb agreeing, the rest. */
function namesSay(
  having: readonly AgentProperty[],
  listings: readonly AgentProperty[],
  [one, many]: [string, string],
  rest: string,
): string {
  const names = namesOf(having, listings.length);
  return `${names[0].toUpperCase()}${names.slice(1)} ${having.length === 1 ? one : many} ${rest}`;
}

/** What a reply says of one want: the listings that have it, or plainly that none says so. */
function sentenceFor(want: Measured, having: readonly AgentProperty[], listings: readonly AgentProperty[]) {
  if (want.kind === 'pets') {
    if (having.length > 0) return `Pets are welcome at ${namesOf(having, listings.length)}.`;
    // Unsaid is not refused: a request is still considered where no listing rules pets out.
    const isRuledOut = listings.some((p) => p.petsPolicy === 'not-allowed');
    return `None of our listings says pets are welcome${isRuledOut ? '' : ', but pet requests are considered'}.`;
  }
  if (want.kind === 'bedrooms') {
    const rooms = `${want.count}${want.orMore ? ' or more' : ''} bedroom${want.count === 1 && !want.orMore ? '' : 's'}`;
    if (having.length === 0) return `None of our listings has ${rooms}.`;
    return namesSay(having, listings, ['has', 'have'], `${rooms}.`);
  }
  if (want.kind === 'maxRent') {
    const cap = `${formatMoney(want.monthly, { wholePounds: true })} a month`;
    if (having.length === 0) return `None of our listings is advertised at ${cap} or less.`;
    return namesSay(having, listings, ['is', 'are'], `advertised at ${cap} or less.`);
  }
  if (want.kind === 'nearRent') {
    const [low, high] = nearRange(want.monthly).map((n) => formatMoney(n, { wholePounds: true }));
    const near = `around ${formatMoney(want.monthly, { wholePounds: true })} a month (${low} to ${high})`;
    if (having.length === 0) return `None of our listings is advertised at ${near}.`;
    return namesSay(having, listings, ['is', 'are'], `advertised at ${near}.`);
  }
  if (want.kind === 'bills') {
    if (having.length === 0) return 'None of our listings says bills are included in the rent.';
    return namesSay(having, listings, ['includes', 'include'], `bills in the rent.`);
  }
  if (want.kind === 'furnishing') {
    if (having.length === 0) return `None of our listings is advertised as ${want.furnishing}.`;
    return namesSay(having, listings, ['is', 'are'], `advertised as ${want.furnishing}.`);
  }
  if (want.kind === 'areas') {
    const towns = [...new Set(listings.map((p) => townOf(p.address)).filter((t) => t !== null))];
    // No town read from the addresses: the list of them says it.
    return towns.length > 0 ? `Our listings are in ${joinList(towns)}.` : '';
  }
  if (want.kind === 'students') {
    const refusing = listings.filter((p) => describedAgainst(p, STUDENTS_SAID));
    const said: string[] = [];
    if (having.length > 0) said.push(`Students are welcome at ${namesOf(having, listings.length)}.`);
    if (refusing.length > 0) said.push(namesSay(refusing, listings, ['does', 'do'], 'not take students.'));
    if (said.length === 0)
      return "None of our listings says whether students are accepted, so I'll pass your question on to the team.";
    if (having.length + refusing.length < listings.length)
      said.push("The others don't say, so I'll pass your question on to the team.");
    return said.join(' ');
  }
  if (want.kind === 'access') {
    if (having.length === 0) return 'None of our listings mentions step-free or wheelchair access.';
    return namesSay(having, listings, ['mentions', 'mention'], `step-free or wheelchair access.`);
  }
  const noun =
    want.kind === 'parking'
      ? (want.sort?.noun ?? 'parking')
      : UNCOUNTED.has(want.feature)
        ? want.feature
        : `${/^[aeiou]/.test(want.feature) ? 'an' : 'a'} ${want.feature}`;
  if (having.length === 0) return `None of our listings mentions ${noun}.`;
  return namesSay(having, listings, ['has', 'have'], `${noun}.`);
}

/** The listing with the lowest advertised rent among those with every other want, if any has a price. */
function cheapestOf(listings: readonly AgentProperty[], wants: readonly Want[]): AgentProperty | null {
  let best: { property: AgentProperty; monthly: number } | null = null;
  for (const property of listings) {
    if (!wants.every((want) => hasWant(property, want))) continue;
    const rent = parseRent(property.rentalPrice);
    if (rent && (!best || rent.monthly < best.monthly)) best = { property, monthly: rent.monthly };
  }
  return best?.property ?? null;
}

/** What a message's wants answer across the listings: a sentence for each, the listings in order. */
export type Wanted = {
  sentences: string[];
  ordered: AgentProperty[];
  /** Whether the sentences answer a question's topic ("any pets allowed?" by the pets one). */
  answers: (topic: Topic) => boolean;
  /** Whether a sentence says the question goes to the team (some listings say nothing of students). */
  passesOn: boolean;
};

/** Whether a want's sentence answers a topic asked about: pets, parking (a garage too) or a feature. */
function isAnsweredBy(want: Want, topic: Topic): boolean {
  if (want.kind === 'feature')
    return typeof topic === 'object' && 'feature' in topic && topic.feature === want.feature;
  if (want.kind === 'parking')
    return (
      topic === 'parking' || (typeof topic === 'object' && 'feature' in topic && topic.feature === 'garage')
    );
  if (want.kind === 'bedrooms') return topic === 'bedrooms';
  if (want.kind === 'maxRent' || want.kind === 'nearRent' || want.kind === 'cheapest')
    return topic === 'rent';
  if (want.kind === 'areas') return topic === 'address';
  if (want.kind === 'bills') return topic === 'bills';
  if (want.kind === 'furnishing') return topic === 'furnishing';
  if (want.kind === 'access')
    return typeof topic === 'object' && 'other' in topic && topic.other === 'accessibility';
  if (want.kind === 'students')
    return typeof topic === 'object' && 'other' in topic && topic.other === 'students';
  return topic === 'pets';
}

/**
 * The listings a tenant's wants point at: a sentence for each want, and the listings in the order
 * to show them, those with the most of what is wanted first. No sentence when every want was denied
 * ("don't need parking"): the listings as they are. Null when the message says nothing a listing's
 * facts can show.
 */
export function listingsWanted(
  message: string,
  listings: readonly AgentProperty[],
  places: readonly string[],
): Wanted | null {
  const { wants, isAnyDenied } = wantsIn(message, places);
  if (wants.length === 0 && !isAnyDenied) return null;
  const sentences: string[] = [];
  const count = new Map<AgentProperty, number>(listings.map((p) => [p, 0]));
  const measured = wants.filter((want): want is Measured => want.kind !== 'cheapest');
  for (const want of measured) {
    const having = listings.filter((p) => hasWant(p, want));
    for (const p of having) count.set(p, (count.get(p) ?? 0) + 1);
    const sentence = sentenceFor(want, having, listings);
    if (sentence) sentences.push(sentence);
  }
  const cheapest = wants.some((want) => want.kind === 'cheapest') ? cheapestOf(listings, measured) : null;
  if (cheapest) {
    count.set(cheapest, (count.get(cheapest) ?? 0) + wants.length);
    sentences.push(
      `The cheapest${measured.length > 0 ? ' of those' : ''} is ${cheapest.name}, at ${cheapest.rentalPrice}.`,
    );
  }
  // A stable sort: listings with as much keep the agency's order.
  const ordered = [...listings].sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0));
  // A question read as about nothing known ("any 2 beds?") is answered by what it wants.
  // "any 1 beds available?": the listings shown are those available.
  const isVague = (topic: Topic) =>
    topic === 'vacancy' || (typeof topic === 'object' && 'other' in topic && topic.other === 'that');
  // Students: the listings whose advert says neither way leave the question to the team.
  const isUnsaid = (p: AgentProperty) =>
    !hasWant(p, { kind: 'students' }) && !describedAgainst(p, STUDENTS_SAID);
  const isStudentsUnsaid = wants.some((want) => want.kind === 'students') && listings.some(isUnsaid);
  return {
    sentences,
    ordered,
    answers: (topic) =>
      wants.some((want) => isAnsweredBy(want, topic)) || (wants.length > 0 && isVague(topic)),
    passesOn: isStudentsUnsaid,
  };
}

/** A listing pointed at by what it has: "the one with the garden", "the house that has a garage". */
const POINTED =
  /\b(?:the|that)\s+(?:one|1|flat|house|apartment|place|property|home|studio|cottage|maisonette|bungalow|listing)\s+(?:with|w\/|wiv|(?:that|which|what)(?:'s| has| have)(?:\s+got)?|thats(?:\s+got)?)\s/i;

/** "the 4 bed", "that 2 bedroom one": a listing pointed at by its bedrooms. */
const POINTED_BEDROOMS =
  /\b(?:the|that)\s+(?:\d|one|two|three|four|five|six)\s*-?\s*(?:bed|bedroom|bedroomed)s?\b(?!\s*(?:or more|plus|\+))/i;

/** "the cheapest one", "I'll take the cheapest 2 bed": the cheapest pointed at. */
const POINTED_CHEAPEST = /\b(?:the|that)\s+(?:cheapest|least expensive)\b/i;
/** "whats the cheapest?", "which is the cheapest one": asked about, answered and listed, not chosen. */
const ASKED = /\?|^\s*(?:what|whats|what's|wots|which|how|is|are|do|does|any|anything)\b/i;

/** Words that pick one: "the one", "that flat", "the 2 bed", "I'll take". */
const POINTING =
  /\b(?:the|that|this)\s+(?:one|1|flat|house|apartment|place|property|home|studio|listing|\d\s*-?\s*bed(?:room)?s?)\b|\b(?:i'?ll take|i'?d like|id like)\b/i;
/** What may stand beside a rent that picks a listing: "the one for about 2.4k", "around £2,350 pls". */
const PICK_WORDS =
  /\b(?:the|that|this|one|1|flat|house|apartment|place|property|home|studio|listing|for|at|is|it'?s|its|i'?ll take|i'?d like|id like|i want|please|pls|plz|thanks|ok|okay|yes|yeah|then|pcm|pm|a month|per month|monthly|ish|\d\s*-?\s*bed(?:room)?s?)\b|[£,.!]/gi;

/**
 * "the one around £2,350", "the one for about 2.4k", "the 2 bed at roughly 1200 pcm": a rent to be
 * near that picks a listing, the message saying nothing else (a rent on its own, a question or a
 * description, such as "around £2,300 a month", "anything around £1000pcm?" or "looking for
 * something about 1k a month", is a want: the listings near it are listed instead).
 * The wants to match, the near rent among them, or null.
 */
function nearRentPointed(said: string, places: readonly string[]): Want[] | null {
  if (ASKED.test(said) || DESCRIBES_HOME.test(said) || !POINTING.test(said)) return null;
  const m = RENT_NEAR.exec(said);
  if (!m) return null;
  const { wants } = wantsIn(said, places);
  if (!wants.some((want) => want.kind === 'nearRent')) return null;
  const rest = (said.slice(0, m.index) + said.slice(m.index + m[0].length)).replace(PICK_WORDS, ' ');
  return rest.trim() === '' ? wants : null;
}

/**
 * The one listing a tenant points at by what it has ("the one with the garden", "I'll take the
 * flat with parking"): the only listing with everything wanted after the pointing words; or the
 * cheapest ("the cheapest one", "I'll take the cheapest 2 bed"), which a question asks about
 * instead ("whats the cheapest?"). Null when none or several have it, so those are listed instead.
 */
export function listingPointedAt(
  message: string,
  listings: readonly AgentProperty[],
  places: readonly string[],
): AgentProperty | null {
  const said = normalise(message);
  if (POINTED_CHEAPEST.test(said) && !ASKED.test(said)) {
    const measured = wantsIn(said, places).wants.filter((want): want is Measured => want.kind !== 'cheapest');
    return cheapestOf(listings, measured);
  }
  const near = nearRentPointed(said, places);
  if (near) {
    const having = listings.filter((p) => near.every((want) => hasWant(p, want)));
    return having.length === 1 ? having[0] : null;
  }
  const pointed = POINTED.exec(said);
  // "how much is the 4 bed?": the only listing with four bedrooms.
  const byBedrooms = pointed ? null : POINTED_BEDROOMS.exec(said);
  if (!pointed && !byBedrooms) return null;
  const { wants } = pointed
    ? wantsIn(said.slice(pointed.index + pointed[0].length), places)
    : { wants: bedroomsWanted(byBedrooms?.[0] ?? '') };
  if (wants.length === 0) return null;
  const having = listings.filter((p) => wants.every((want) => hasWant(p, want)));
  return having.length === 1 ? having[0] : null;
}

/**
 * Whether a message picks by rent ("the cheapest one", "the one for about 2.4k"), so the reply that
 * chooses the listing says its rent: the tenant did not name it.
 */
export function picksByRent(message: string): boolean {
  const said = normalise(message);
  return CHEAPEST.test(said) || RENT_NEAR.test(said);
}

/** "looking for somewhere cheap", "need something near the park": a home described, not named. */
const DESCRIBES_HOME =
  /\b(?:looking for|searching for|need|want|after)\b|\b(?:somewhere|something|anywhere|anything)\b/i;
/** A word typed with a capital after the first, "I" aside: a name, perhaps of a place ("Baker Street"). */
const NAME_TYPED = /(?<!^)\b(?!I\b)[A-Z][a-z]/;
/** "I saw it on Rightmove", "can I book a viewing": where the home was seen or a viewing, no listing named. */
const SEEN_OR_VIEWING =
  /\b(?:view(?:ing)?|book|saw|seen|advert|ad|website|online|(?:on|from) (?:rightmove|zoopla|onthemarket|openrent|spareroom|gumtree|facebook))\b/i;
const PORTALS = /\b(?:rightmove|zoopla|onthemarket|openrent|spareroom|gumtree|facebook)\b/gi;

/** "yes", "ok", "?", "lol", "👍": a short reply that says nothing, let alone a listing's name. */
const SAYS_NOTHING =
  /^[\s\p{P}\p{S}\p{Extended_Pictographic}]*(?:(?:yes|yeah|yep|yup|ya|no|nope|nah|ok|okay|k|kk|lol|haha|cool|sure|fine|great|alright|hi|hey|hiya|hello|there)\b[\s\p{P}\p{S}\p{Extended_Pictographic}]*)*$/iu;
/** "im on universal credit", "hi, I'm interested", "professional couple looking": the tenant, not a listing. */
const SAID_OF_SELF =
  /^\s*(?:(?:hi|hello|hey|hiya)\b\W*)?(?:i|i'?m|i am|we|we'?re|we are|my|our|me|us)\b|\b(?:couple|family|students?|professionals?|sharers|interested)\b/i;

/**
 * Whether a message describes the home wanted, or the tenant, or says nothing at all, rather than
 * naming a listing: no listing was looked for, so none was not found.
 */
export function describesHome(message: string): boolean {
  if (SAYS_NOTHING.test(message)) return true;
  const named = message.replace(PORTALS, '');
  const describes =
    DESCRIBES_HOME.test(message) || SEEN_OR_VIEWING.test(message) || SAID_OF_SELF.test(message);
  return describes && !NAME_TYPED.test(named);
}
