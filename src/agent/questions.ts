import { formatMoney } from '#shared/format.ts';
import { parseRent, readRent } from '#shared/rent.ts';
import { formatLongDate, splitIso, ukToIso } from './dates.ts';
import { isPersonRequest, personRequestAnswer } from './person-request.ts';
import { withoutPlaceNames } from './place-names.ts';
import { withKeyWordsSpelt } from './spelling.ts';
import { normalise, numberFromWord, splitSentences, words } from './text.ts';
import type { AgentProperty } from './types.ts';

/**
 * What a tenant asks about. The listing's topics are answered from its fields (and its
 * description); the fair-housing ones (benefits, children, an offer above the rent) have fixed
 * answers; anything else is looked up in the description, else passed on.
 */
export type Topic =
  | ListingTopic
  | 'benefits'
  | 'children'
  | 'overbid'
  | 'needs'
  | 'identity'
  | 'viewing'
  | 'listings'
  | 'callback'
  /** The tenant asks to speak to a person of the agency. */
  | 'person'
  | { other: string };

type ListingTopic =
  | 'rent'
  | 'bedrooms'
  | 'parking'
  | 'vacancy'
  | 'address'
  | 'pets'
  | 'bills'
  | 'councilTax'
  | 'furnishing'
  | 'deposit'
  | 'epc'
  | 'term'
  | { feature: string };

/** An offer of more than the advertised rent, which the rental bidding ban forbids entertaining. */
export const OVERBID =
  /\b(?:offer(?:ing)?|pay(?:ing)?|give|bid(?:ding)?|put in|go|top up)\b[^.?!]{0,40}?\b(?:more|extra|above|over|higher|on top)\b|\b(?:above|over) (?:the )?(?:asking|advertised|listed)\b|\boffer (?:over|above)\b|\b(?:outbid|bidding war|best offer)\b/i;

const SUM = '(?:£\\s?\\d[\\d,.]*k?|\\d{3,5}(?:\\.\\d\\d)?|\\d(?:[.,]\\d+)?k)';
const PERIOD =
  '(?:\\s*(?:pcm|pm|pw|p\\/m|p\\/w|a month|a mnth|per month|a week|per week|a wk|monthly|weekly))?';
/**
 * Any other proposal of a rent than the advertised one, with or without a sum: "I could pay
 * £1,300 a month if that helps", "would the landlord accept £1,200 instead?", "is the rent
 * negotiable?", "happy to go to 1250 to secure it", "would they take a bit more?".
 */
const RENT_PROPOSALS: RegExp[] = [
  OVERBID,
  /\b(?:negotiabl\w*|negotiat\w*|haggl\w*|wiggle room|room for negotiation|open to offers|accept offers|take offers|best price|(?:any )?discount|knock\w* (?:it|the rent|the price|something|a bit|some|anything)\b[^.?!]{0,16}\boff|come down(?: on)?|go lower|(?:lower|reduce|drop)(?:ing)? (?:the )?(?:rent|price)|(?:rent|price) (?:lower|reduced|down|drop)|any (?:movement|flexibility) on (?:the )?(?:rent|price)|flexib\w* (?:on|with) (?:the )?(?:rent|price))/i,
  new RegExp(
    `\\b(?:(?:i|we|me|us)\\s*(?:could|can|would|cud|cld|wud|wld|cn|'d|will|'ll|am|are|r|m|'m|'re)?|could|cud|cld|wud|wld|can|would|happy|willing)\\s*(?:also\\s+|easily\\s+|happily\\s+|be\\s+)?(?:happy|willing|able|prepared|ready|glad|ok|okay)?\\s*(?:to\\s+)?(?:pay|offer|do|go(?: up)? to|stretch to|manage|put (?:down|forward))\\s+(?:you\\s+|them\\s+|the landlord\\s+|him\\s+|her\\s+)?(?:about\\s+|around\\s+|like\\s+)?${SUM}${PERIOD}(?!\\s*(?:deposit|holding|upfront|up front|in advance|months?|weeks?))`,
    'i',
  ),
  new RegExp(
    `\\b(?:landlord|owner|they|you|u|he|she|agent)\\s+(?:\\w+\\s+){0,2}(?:accept|take|consider|go for|agree to|do|settle for|let it (?:go )?for)\\s+(?:an offer of\\s+|a rent of\\s+|rent of\\s+)?(?:${SUM}|(?:a (?:bit|little)\\s+)?(?:more|less|lower|higher|offers?|an offer))`,
    'i',
  ),
  new RegExp(
    `\\b(?:would|will|could|is|are|can)\\s+(?:an offer of\\s+|a rent of\\s+)?${SUM}${PERIOD}\\s+(?:be\\s+)?(?:ok|okay|acceptable|possible|fine|enough|doable|accepted|considered|alright|an option|any good)\\b`,
    'i',
  ),
  new RegExp(
    `${SUM}${PERIOD}\\s+(?:instead|rather than|if that helps|to (?:secure|get|reserve|beat|win|guarantee)\\b)`,
    'i',
  ),
  new RegExp(
    `\\b(?:offer(?:ing)?|propose|proposing|bid(?:ding)?)\\s+(?:you\\s+|them\\s+|the landlord\\s+)?(?:a rent of\\s+|rent of\\s+)?${SUM}`,
    'i',
  ),
  /\b(?:make|put in|submit|send) (?:an |a |my )?offer\b/i,
];

/** The message proposes a rent other than the advertised one, or asks to. */
export function isRentProposal(text: string): boolean {
  return RENT_PROPOSALS.some((re) => re.test(text));
}

const BENEFITS =
  /\b(dss|housing benefits?|benefits?|universal credit|uc|housing allowance|lha|pip|esa|jsa|on benefits)\b/i;
const CHILDREN =
  /\b(kids?|children|child|toddlers?|babies|baby|family with|families|my son|my daughter|young family)\b/i;

/** Features a listing may tick, and the words tenants use for them. */
export const FEATURE_WORDS: Array<[string, RegExp]> = [
  ['garden', /\b(garden|outdoor space|yard|patio)\b/i],
  ['balcony', /\b(balcony|terrace)\b/i],
  ['lift', /\b(lift|elevator)\b/i],
  ['garage', /\bgarage\b/i],
  ['dishwasher', /\bdishwasher\b/i],
  ['washing machine', /\b(washing machine|washer)\b/i],
  ['gas central heating', /\b(heating|boiler|radiators?|central heating)\b/i],
  ['double glazing', /\b(double glaz\w*|windows)\b/i],
  ['bike storage', /\b(bike|bicycle|cycle) (?:storage|store|shed)\b/i],
];

const KNOWN_TOPICS: Array<[Exclude<ListingTopic, { feature: string }>, RegExp]> = [
  ['pets', /\b(pets?|dogs?|cats?|puppy|kitten|animals?|rabbit|bird)\b/i],
  ['bills', /\b(bills?|utilities|gas|electric(?:ity)?|water rates)\b/i],
  ['councilTax', /\bcouncil tax\b/i],
  [
    'furnishing',
    /\b(furnished|unfurnished|furniture|furnishings?|white goods|fridge|appliances|sofa|beds? included)\b/i,
  ],
  ['deposit', /\b(deposit|holding fee)\b/i],
  ['epc', /\b(epc|energy rating|energy performance)\b/i],
  [
    'term',
    /\b(tenancy length|contract length|how long (?:is|for)|minimum term|min term|length of (?:the )?tenancy|short let|6 months?|six months?)\b/i,
  ],
  ['rent', /\b(rent|rental|price|cost|how much|pcm|per month|a month|monthly|per week|a week|pw)\b/i],
  ['bedrooms', /\b(bed|bedroom|bedrooms|rooms)\b/i],
  ['parking', /\b(park|parking|car|cars|driveway|garage)\b/i],
  [
    'vacancy',
    /\b(available|availability|vacant|free|still (?:on|up|going|listed|there)|let agreed|when can (?:i|we) move|move in date|moving in date|gone|taken)\b/i,
  ],
  [
    'address',
    /\b(address|postcode|post code|where is|where's|whereabouts|location|which street|exact location)\b/i,
  ],
];

/** "can i call later", "could we ring you tomorrow": the tenant would make the call. */
const TENANT_CALLS = /\b(?:can|could|may) (?:i|we) (?:call|ring|phone)\b/i;

const META_TOPICS: Array<[Exclude<Topic, { other: string }>, RegExp]> = [
  [
    'callback',
    /\b(?:call|ring|phone|text) me\b|\bcall (?:me )?back\b|\bgive me a (?:call|ring)\b|\b(?:can|could|may) (?:i|we) (?:call|ring|phone)\b/i,
  ],
  ['needs', /\b(what (?:info|information|details|do you need|else)|what do you want to know)\b/i],
  [
    'identity',
    /\b(are you (?:a |an )?(?:bot|robot|real|human|person|ai)|am i talking to|who am i (?:talking|speaking) to)\b/i,
  ],
  [
    'viewing',
    /\b(view(?:ing)?|see (?:it|the (?:flat|house|property|place))|come (?:round|and see|over)|book)\b/i,
  ],
  [
    'listings',
    /\b(?:any(?:thing)?|something|other|which) (?:properties|property|flats|houses|places|listings|else)\b|\b(?:have|hav) (?:you |u )?(?:got )?anything\b|\b(?:what|wat|wot) (?:else )?(?:have (?:you|u) got|(?:have|hav) (?:you|u|ya) got|do (?:you|u) (?:have|hav))\b|\bis there anything (?:in|near|around|going|available)\b|\b(?:what'?s|what is|wots|wats) (?:available|going|on offer|to rent)\b/i,
  ],
];

/** Topics the listing never holds, named so the reply can say what is being passed on. */
const OTHER_TOPICS: Array<[string, RegExp]> = [
  [
    'whether the rent is negotiable',
    /\b(negotiable|negotiate|discount|reduc\w*|lower (?:the )?rent|any movement|offer)\b/i,
  ],
  ['fees', /\b(admin fee|fees?)\b/i],
  ['broadband', /\b(broadband|wifi|wi-fi|internet|fibre)\b/i],
  ['insulation', /\binsulation\b/i],
  ['break clauses', /\bbreak clause\b/i],
  ['smoking', /\b(smok(?:e|ing|er)|vap(?:e|ing))\b/i],
  ['local transport', /\b(station|bus|tram|train|tube|transport|commute)\b/i],
  ['local schools', /\b(schools?|nursery|catchment)\b/i],
  ['storage', /\b(storage|loft|shed|cellar)\b/i],
  ['the kitchen and bathroom', /\b(kitchen|bathroom|shower|bath|ensuite|en-suite)\b/i],
  ['accessibility', /\b(stairs|step-free|wheelchair)\b/i],
  [
    'which floor it is on',
    /\b(ground floor|(?:first|second|third|top|upper|lower|which|what) floor|basement|upstairs|downstairs)\b/i,
  ],
  ['students', /\bstudents?\b/i],
  ['sharers', /\b(sharers?|house share|hmo)\b/i],
];

/** Question words that open a question anywhere. */
const WH_WORD = /^(?:what|what's|whats|when|where|where's|how|which|who|whose)\b/i;
/** Auxiliaries open a question only before a subject: "could I view it" but not "could move 1 March". */
const AUXILIARY_QUESTION =
  /^(?:is|are|does|do|did|can|could|would|will|has|have|am|should|may|any)\s+(?:i|we|you|u|ya|it|there|the|this|that|they|he|she|my|our|your|its|pets?|parking|bills|a|an|any|anyone|someone|dogs?|cats?|smokers|students|sharers|children|kids|council|rent|viewings?)\b/i;
const ANY_QUESTION = /^(?:any|anything)\b.*\?$/i;

/**
 * Openers of bare answers as much as of questions: "any weekday after 5pm", "how about Tuesday".
 * Without a "?" they ask only about a listing topic named right after them ("any pets allowed",
 * "what about the deposit"), before the clause ends ("any day but parking's a must" is an answer).
 */
const ANSWER_OPENER = /^(?:any|anything|how about|what about)\b\s*/i;
const CLAUSE_END = /[,;.!]|\s(?:but|and|or|after|before|from|except|apart|if|as|because|cos)\b/i;
/**
 * "pets allowed", "bills inc": a listing topic asked about in a few words, without a "?". Not
 * "available": "deposit available" says the tenant has it.
 */
const TOPIC_ASKED = /^(?:\S+\s+){1,3}(?:allowed|included|inc|incl|permitted|accepted)[.!]*$/i;
/** "my pets included", "no pets allowed": said about the tenant, or a refusal, not asked. */
const SPEAKER_OR_NEGATION =
  /\b(?:i|i'm|im|we|we're|my|our|me|us|no|not|never|don't|dont|doesn't|won't|wont)\b/i;
/**
 * The listing topics a few words ask about without a "?". Not the rent or the vacancy, whose
 * words also say when a tenant can come ("any time in a week", "whenever I'm free").
 */
const ASKED_WITHOUT_MARK: ReadonlySet<Topic> = new Set<Topic>([
  'parking',
  'pets',
  'bills',
  'councilTax',
  'furnishing',
  'deposit',
  'epc',
  'bedrooms',
  'address',
]);

/** A listing topic, a feature or a detail the team is asked about ("smoking"), not a vague "that". */
function namesListingTopic(text: string): boolean {
  return topicsOf(text).some((t) =>
    typeof t === 'object' ? !('other' in t) || t.other !== 'that' : ASKED_WITHOUT_MARK.has(t),
  );
}

/** Words that ask about the listing though no question word opens them and no "?" ends them. */
function asksAboutListing(text: string): boolean {
  const opener = ANSWER_OPENER.exec(text);
  if (opener) return namesListingTopic(text.slice(opener[0].length).split(CLAUSE_END)[0]);
  return TOPIC_ASKED.test(text) && !SPEAKER_OR_NEGATION.test(text) && namesListingTopic(text);
}

/**
 * Whether a clause is a question, "?" or not: a question word ("wats" spelt "what's") or an
 * auxiliary before a subject opens it, or it asks about a listing topic (`asksAboutListing`).
 * The one place that decides it; `splitQuestions` then keeps bare answers out.
 */
function isInterrogative(text: string): boolean {
  const spelt = withKeyWordsSpelt(text);
  return (
    WH_WORD.test(spelt) ||
    AUXILIARY_QUESTION.test(spelt) ||
    ANY_QUESTION.test(spelt) ||
    asksAboutListing(spelt)
  );
}
const GREETING =
  /^(?:hi|hello|hey|hiya|helo|good (?:morning|afternoon|evening)|morning|afternoon|evening|ok|okay|great|thanks|thank you|cool|lovely|perfect|also|and|oh|so|just|quick question)\b[\s,!.:-]*(?:there\b[\s,!.:-]*)?/i;
const WONDERING =
  /\b(?:wondering|want(?:ed)? to know|would like to know|like to ask|could you tell me|can you tell me|let me know)\b/i;

/** Asking to move in on a date: "could we move in on 1 feb?", "is it ok to move 3rd march". */
const MOVE_ON_A_DATE =
  /\b(?:we|i|us|me|to)\s+(?:\w+\s+){0,2}?(?:move|moving|start|come)(?:\s+in)?\b[^?]{0,25}?\b(?:\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?|the\s+\d{1,2}(?:st|nd|rd|th)|\d{1,2}[/.]\d{1,2}|tomorrow|2moro|next (?:week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:early|mid|late|end of|start of|beginning of)[\s-]+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b/i;

/** "would 1 march be ok to move in?" */
const DATE_TO_MOVE_OK =
  /\b(?:would|is|could|can|will)\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+(?:be\s+)?(?:ok|okay|possible|fine|alright|doable)\b[^?]*\bmov/i;

export type QuestionPart = {
  text: string;
  topics: Topic[];
  /** What a question such as "is that ok?" refers back to: "we have a dog". */
  about?: string;
};

/** A question to keep for later, with what it refers back to, so it asks the same when read again. */
export function questionToKeep(question: QuestionPart): string {
  return question.about ? `${question.about}. ${question.text}` : question.text;
}

export type SplitMessage = {
  /** The parts that are statements: slot values come only from these. */
  statements: string;
  questions: QuestionPart[];
};

/** What a question asks about: a listing's name or address it says (`places`) asks about nothing. */
function topicsOf(asked: string, places: readonly string[] = []): Topic[] {
  // "is it stil availble?" reads as "is it still available?".
  const question = withoutPlaceNames(withKeyWordsSpelt(asked), places);
  // "Can I speak to someone about the parking?": the request, and what it is about.
  if (isPersonRequest(question)) {
    const about = /\babout\b(.+)$/i.exec(question)?.[1];
    const topics = about && !isPersonRequest(about) ? topicsOf(about, places) : [];
    return ['person', ...topics.filter((t) => typeof t !== 'object' || !('other' in t))];
  }
  const topics: Topic[] = [];
  for (const [topic, re] of META_TOPICS) if (re.test(question)) topics.push(topic);
  if (topics.includes('listings')) return ['listings'];
  if (topics.includes('callback')) return ['callback'];
  if (isRentProposal(question)) return ['overbid'];
  if (BENEFITS.test(question)) topics.push('benefits');
  if (CHILDREN.test(question) && !/\b(schools?|nursery|catchment)\b/i.test(question)) topics.push('children');
  for (const [topic, re] of KNOWN_TOPICS) if (re.test(question)) topics.push(topic);
  for (const [feature, re] of FEATURE_WORDS) if (re.test(question)) topics.push({ feature });
  for (const [label, re] of OTHER_TOPICS) if (re.test(question)) topics.push({ other: label });
  // A named topic wins over a vague word ("is the garden free to use?").
  const isNamed = (t: Topic) =>
    typeof t === 'object' ||
    ['pets', 'bills', 'councilTax', 'furnishing', 'deposit', 'epc', 'term'].includes(t);
  if (topics.some(isNamed)) {
    const vague = (t: Topic) => t === 'vacancy' || t === 'rent';
    if (topics.some(vague) && !/\b(rent|rental|price|available|vacant)\b/i.test(question)) {
      return topics.filter((t) => !vague(t));
    }
  }
  if (topics.length === 0) topics.push({ other: 'that' });
  return topics;
}

/** Every topic's words: what a question may ask about. */
const TOPIC_WORDS: readonly RegExp[] = [...FEATURE_WORDS, ...KNOWN_TOPICS, ...OTHER_TOPICS].map(
  ([, re]) => new RegExp(re.source, 'gi'),
);

/** The features' words, found anywhere in a message. */
const FEATURE_TOPIC_WORDS: readonly RegExp[] = FEATURE_WORDS.map(([, re]) => new RegExp(re.source, 'gi'));

/**
 * "with a garden", "has got a big garden", "that has parking": a feature the tenant wants; "near
 * the station": what they want to be near.
 */
const WANTED_BEFORE =
  /\b(?:with|has|have|having|got|includes|including|near|nr|close to|next to)\s+(?:[a-z'-]+\s+){0,3}$/i;

/**
 * The words that name what the tenant asks about or wants: "garden" in "is there a garden?" and
 * in "looking for somewhere with a garden", "station" in "is it near a station". A listing is never
 * chosen by them alone.
 */
export function soughtTopicWords(message: string): Set<string> {
  const found = new Set<string>();
  const add = (text: string, isSought: (at: number) => boolean) => {
    for (const re of TOPIC_WORDS)
      for (const m of text.matchAll(re))
        if (isSought(m.index) && !namesOne(text, m)) for (const word of words(m[0])) found.add(word);
  };
  for (const question of splitQuestions(message).questions) add(question.text, () => true);
  add(message, (at) => WANTED_BEFORE.test(message.slice(0, at)));
  // A feature's word, wanted or not ("no garden needed, just parking"), says what the home has;
  // in "the garden one" it names the listing it stands for.
  for (const re of FEATURE_TOPIC_WORDS)
    for (const m of message.matchAll(re))
      if (!namesOne(message, m)) for (const word of words(m[0])) found.add(word);
  // "garden" or "a garden please" on its own: a feature wanted, as much as "with a garden".
  const bare = BARE_WANT.exec(normalise(message))?.[1];
  if (bare && BARE_TOPICS.some((re) => re.test(bare))) for (const word of words(bare)) found.add(word);
  return found;
}

/** A word standing for one listing, `#` in its place: "the garden one", "that # 1". */
const NAMES_ONE = /\b(?:the|that)\s+#\s*(?:one|1)\b/i;

/** Whether the words matched stand for a listing, as in "is the garden one still available?". */
function namesOne(text: string, match: RegExpMatchArray): boolean {
  const at = match.index ?? 0;
  return NAMES_ONE.test(`${text.slice(0, at)}#${text.slice(at + match[0].length)}`);
}

/** A few words and nothing else, around a want: "garden", "a garden please", "parking pls". */
const BARE_WANT =
  /^(?:(?:a|an|some|any|need|want|needs?)\s+){0,2}([a-z -]+?)\s*(?:please|pls|plz)?[\s.!?]*$/i;
const BARE_TOPICS: readonly RegExp[] = [...FEATURE_WORDS, ...KNOWN_TOPICS, ...OTHER_TOPICS].map(
  ([, re]) => new RegExp(`^(?:${re.source})$`, 'i'),
);

/** Splits a clause list like "Hi this is Mark, is parking included?" at the question. */
/** "have a dog", "have 2 kids": the tenant's "I" left off, not "have you…". */
const SAID_HAVING = /^(?:have|have got|got)\s+(?:a|an|\d+|one|two|three|four|five)\b/i;

function questionStart(sentence: string): number | null {
  const clauses = [...sentence.matchAll(/(^|[,;:]\s*|\s+-\s+|\s+(?:and|also|but|oh|plus)\s+)/gi)];
  for (const clause of clauses) {
    const start = (clause.index ?? 0) + clause[0].length;
    let rest = sentence.slice(start);
    const greeting = GREETING.exec(rest);
    if (greeting) rest = rest.slice(greeting[0].length);
    // "need a 2 bed asap, have a dog": without its "?", "have a …" is the tenant's own, said.
    if (!sentence.endsWith('?') && SAID_HAVING.test(rest)) continue;
    if (isInterrogative(rest)) return sentence.length - rest.length;
    if (WONDERING.test(rest.slice(0, 40))) return start;
  }
  return null;
}

/**
 * Separates what the tenant asks from what they tell. A sentence is a question when it ends with
 * "?" or a clause of it is interrogative (`isInterrogative`: "wats the deposit", "any pets
 * allowed", typed without the mark on a phone); only the clause from the question on is the question.
 * `places`, the listings' names and addresses, are no topic: "is the garden flat still available?"
 * asks whether it is available, not about a garden.
 */
export function splitQuestions(message: string, places: readonly string[] = []): SplitMessage {
  const statements: string[] = [];
  const questions: QuestionPart[] = [];
  // "i have 2 boys aged 5 n 8 is this ok": a question typed without its mark, after a statement.
  const sentences = splitSentences(normalise(message)).flatMap((sentence) => {
    const tail = /\b(?:that|this|it)\b/i.test(sentence) ? TAIL_QUESTION.exec(sentence) : null;
    if (!tail || tail.index === 0 || sentence.endsWith('?')) return [sentence];
    return [sentence.slice(0, tail.index).replace(/[\s,]+$/, ''), `${tail[1]}?`];
  });
  for (const sentence of sentences) {
    // "I want to speak to a human": a request, never an answer to the question asked.
    if (isPersonRequest(sentence)) {
      questions.push({ text: sentence, topics: topicsOf(sentence, places) });
      continue;
    }
    // "could we move in on 1 February?": asking to move on a date gives the date, an answer.
    if (
      /mov|start|come/i.test(sentence) &&
      (MOVE_ON_A_DATE.test(sentence) || DATE_TO_MOVE_OK.test(sentence))
    ) {
      statements.push(sentence.replace(/\?+$/, ''));
      continue;
    }
    const start = questionStart(sentence);
    const endsWithQuestionMark = sentence.endsWith('?');
    if (start === null) {
      // "2?" or "weekends?": an unsure answer, not a question.
      const opensAsQuestion = /^(?:is|are|does|do|can|could|will|would|has|have)\s+\w+\s+\w+/i.test(sentence);
      // "price?", "parking?": a listing topic asked in a word.
      const namesTopic = () => topicsOf(sentence).some((t) => typeof t === 'string' && t !== 'vacancy');
      if (endsWithQuestionMark && (sentence.split(/\s+/).length > 3 || opensAsQuestion || namesTopic())) {
        questions.push({ text: sentence, topics: topicsOf(sentence, places) });
      } else {
        statements.push(sentence.replace(/\?+$/, ''));
      }
      continue;
    }
    // "when my lease ends on the 28th": an answer about time, not a question.
    if (!endsWithQuestionMark && start === 0 && /^when\s+(?:i|we|my|our|the|his|her)\b/i.test(sentence)) {
      statements.push(sentence);
      continue;
    }
    // A question word that opens a bare answer ("any weekday after 5pm") is not a question.
    const asked = sentence.slice(start);
    if (!endsWithQuestionMark && ANSWER_OPENER.test(asked) && !asksAboutListing(asked)) {
      statements.push(sentence);
      continue;
    }
    const before = sentence.slice(0, start).replace(/[\s,;:-]+$/, '');
    // "And what…", "Hi, is…": a lead-in with nothing said in it.
    const said = before
      .replace(GREETING, '')
      .replace(/^(?:and|also|but|so|oh)\b/i, '')
      .trim();
    if (said) statements.push(before);
    const text = sentence.slice(start).trim();
    questions.push({ text, topics: topicsOf(text, places) });
  }
  const parts = questions.flatMap((question) => withCallApart(question, places));
  // Our kids are 4 and 7, is that a problem: a question about "that" asks about what was said.
  for (const question of parts) {
    if (!REFERS_BACK.test(question.text) || question.topics.some((t) => typeof t !== 'object')) continue;
    const said = statements.join('. ');
    const fair: Topic[] = [];
    if (BENEFITS.test(said)) fair.push('benefits');
    if (CHILDREN.test(said) || KIDS_AGES.test(said)) fair.push('children');
    if (/\b(?:dogs?|cats?|pets?|puppy|kitten)\b/i.test(said)) fair.push('pets');
    if (fair.length > 0) {
      question.topics = fair;
      question.about = said;
    }
  }
  return { statements: statements.join('. '), questions: parts };
}

/** Where a question's clauses part: "can i call later, is parking included", "… and whats the deposit". */
const CLAUSE_BREAK = /(?:\s*[,;]\s*|\s+-\s+|\s+)(?:(?:and|also|plus|oh)\b\s*)+|\s*[,;]\s*|\s+-\s+/i;

/**
 * "can i call later also is parking included": the call asked for is one question and the rest
 * another, so neither is lost; a call about something ("can you call me about the deposit") stays one.
 */
function withCallApart(question: QuestionPart, places: readonly string[]): QuestionPart[] {
  if (!question.topics.includes('callback')) return [question];
  const clauses = question.text.split(CLAUSE_BREAK);
  const isCall = (clause: string) => topicsOf(clause, places).includes('callback');
  const call = clauses.filter(isCall);
  const rest = clauses.filter((clause) => clause.trim() && !isCall(clause));
  if (call.length === 0 || rest.length === 0) return [question];
  const restText = rest.join(', ');
  const restTopics = topicsOf(restText, places);
  if (restTopics.every((t) => typeof t === 'object' && 'other' in t && t.other === 'that')) return [question];
  const callText = call.join(', ').replace(/\?*$/, question.text.endsWith('?') ? '?' : '');
  return [
    { text: callText, topics: ['callback'] },
    { text: restText, topics: restTopics },
  ];
}

const TAIL_QUESTION =
  /(?:,\s*|\s+)((?:is|will|would|does|could)\s+(?:that|this|it)\s+(?:be\s+)?(?:ok|okay|alright|fine|a problem|an issue|matter|allowed)\b[^.!?]*)[.!]?$/i;

/** A question that points back at what the message just said. */
const REFERS_BACK =
  /\b(?:that|this|it|they|those|these)\s+(?:a\s+|an\s+)?(?:problem|issue|ok|okay|alright|fine|allowed|an issue|a problem|acceptable|matter|affect|count against)\b|\b(?:does|will|would|could)\s+(?:that|this|it)\s+(?:matter|affect|count|be (?:a problem|an issue|ok|okay|fine))\b|\bis that (?:ok|okay|alright|fine)\b|\bproblem\b|\bissue\b/i;
const KIDS_AGES = /\b(?:sons?|daughters?|boys?|girls?|little ones|twins|toddlers?|teenagers?|infants?)\b/i;

export type QuestionAnswer = {
  /** Sentences to say, in order. */
  sentences: string[];
  /** Questions that go to the team. */
  passedOn: string[];
  /** Questions about a listing not chosen yet, to answer once it is (`isListingToChoose`). */
  deferred: string[];
  /** The tenant asked which listings there are. */
  wantsListings: boolean;
  /** The tenant asked what the agent needs. */
  wantsOverview: boolean;
};

/** The rent as listed, with its monthly figure when listed by the week or year: "£225 pw (£975 a month)". */
export function rentInWords(property: AgentProperty): string | null {
  const listed = property.rentalPrice?.trim();
  if (!listed) return null;
  const rent = readRent(listed);
  const monthly = parseRent(listed);
  if (!rent || !monthly || rent.period === 'month') return listed;
  return `${listed} (${formatMoney(Math.round(monthly.monthly))} a month)`;
}

/** The rent as listed, with its monthly figure for a weekly listing. */
function describeRent(property: AgentProperty): string | null {
  if (!property.rentalPrice || !parseRent(property.rentalPrice)) return null;
  return `The rent is ${rentInWords(property)}.`;
}

function describeVacancy(
  property: AgentProperty,
  today: string,
  askedStillAvailable: boolean,
): string | null {
  const iso = ukToIso(property.vacancyDate);
  if (!iso || !splitIso(iso)) return null;
  const prefix = askedStillAvailable ? "Yes, it's still listed with us and" : "It's";
  return iso <= today ? `${prefix} available now.` : `${prefix} available from ${formatLongDate(iso)}.`;
}

/** The fair-housing answers: the same for every listing, never discouraging. */
export const FAIR_ANSWERS = {
  benefits:
    "Yes, of course: you're very welcome to apply, and receiving benefits never affects how an application is considered.",
  children:
    'Of course: families with children are very welcome to apply, and it never affects how an application is considered.',
  overbid: (rent: string | null) =>
    `Thank you, but we can't accept offers above the advertised rent${rent ? ` of ${rent}` : ''}: the rent isn't open to offers, and every applicant is considered at the same rent.`,
} as const;

const STOP_WORDS = new Set(
  `the and for are is was with there this that have has does any can could would will what when where which how about your you our the its it's into from than then them they their flat house property place home room rooms here also just please much many more some like know tell okay ok yes no not`.split(
    ' ',
  ),
);

function stems(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w))
    .map((w) => w.slice(0, 5));
}

/**
 * The description's sentence that answers a question, found by the topic's own words (`cue`) or,
 * without one, by the question's words: two shared, or one long one. Null when none does, so a
 * fact is only ever the listing's own words.
 */
export function findInDescription(description: string | null, question: string, cue?: RegExp): string | null {
  if (!description?.trim()) return null;
  const sentences = splitSentences(normalise(description));
  if (cue) return sentences.find((s) => cue.test(s)) ?? null;
  const asked = new Set(stems(question));
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    const shared = [...new Set(stems(sentence))].filter((w) => asked.has(w));
    const score = shared.length + (shared.some((w) => w.length === 5) ? 0.5 : 0);
    if (shared.length > 0 && (best === null || score > best.score)) best = { sentence, score };
  }
  return best && best.score >= 1.5 ? best.sentence : null;
}

function fromDescription(sentence: string): string {
  return `The description says: ${/[.!?]$/.test(sentence) ? sentence : `${sentence}.`}`;
}

/** The cue words of each listing topic, to look for in the description when the field is empty. */
function cueOf(topic: ListingTopic): RegExp | undefined {
  if (typeof topic === 'object') return FEATURE_WORDS.find(([f]) => f === topic.feature)?.[1];
  return KNOWN_TOPICS.find(([t]) => t === topic)?.[1];
}

/**
 * Answers questions about the property from its listing only: its fields, then its description.
 * Anything the listing does not say is passed on to the team, never guessed.
 */
export function answerQuestions(
  questions: QuestionPart[],
  property: AgentProperty | null,
  options: {
    today: string;
    companyName: string;
    /** The reply asks which listing: it is not asked again here. */
    isChoosingProperty: boolean;
    /** A listing may still be chosen (the agency link, none chosen or declined): its questions wait for it. */
    isListingToChoose?: boolean;
    canBook?: boolean;
  },
): QuestionAnswer {
  const result: QuestionAnswer = {
    sentences: [],
    passedOn: [],
    deferred: [],
    wantsListings: false,
    wantsOverview: false,
  };
  const unknownLabels: string[] = [];
  let needsProperty = false;
  const say = (sentence: string) => {
    if (!result.sentences.includes(sentence)) result.sentences.push(sentence);
  };
  for (const question of questions) {
    let passOn = false;
    let defer = false;
    for (const topic of question.topics) {
      if (topic === 'listings') {
        result.wantsListings = true;
        continue;
      }
      if (topic === 'needs') {
        result.wantsOverview = true;
        continue;
      }
      if (topic === 'identity') {
        say(
          `I'm ${options.companyName}'s AI assistant: everything you tell me goes straight to their lettings team.`,
        );
        continue;
      }
      if (topic === 'person') {
        say(personRequestAnswer(options.companyName));
        continue;
      }
      if (topic === 'callback') {
        // "can i call later": the tenant would ring, rather than be rung; the team is told.
        if (TENANT_CALLS.test(question.text)) {
          say("Of course: I'll pass on to the team that you'd like to talk by phone.");
          passOn = true;
        } else say("Of course: I'll make sure the team has your number so they can call you.");
        continue;
      }
      if (topic === 'viewing') {
        if (question.topics.length === 1 && !options.canBook) {
          say(
            "Of course: I'll take a few details and when you're free, and the team will be in touch to book the viewing.",
          );
        }
        continue;
      }
      if (topic === 'benefits' || topic === 'children') {
        say(FAIR_ANSWERS[topic]);
        continue;
      }
      if (topic === 'overbid') {
        say(FAIR_ANSWERS.overbid(property ? rentInWords(property) : null));
        continue;
      }
      // Whatever is asked of a listing not chosen yet is answered from it once it is.
      if (!property && options.isListingToChoose) {
        needsProperty = true;
        defer = true;
        continue;
      }
      if (typeof topic === 'object' && 'other' in topic) {
        const found = property
          ? findInDescription(property.description, question.text, otherCue(topic.other))
          : null;
        if (found) say(fromDescription(found));
        else {
          passOn = true;
          if (topic.other !== 'that' && !unknownLabels.includes(topic.other)) unknownLabels.push(topic.other);
        }
        continue;
      }
      if (!property) {
        // The core facts wait for the listing to be chosen; the details go to the team as they are.
        const isCore = ['rent', 'bedrooms', 'parking', 'vacancy', 'address'].includes(topic as string);
        if (isCore) needsProperty = true;
        else {
          passOn = true;
          const label = topicLabel(topic);
          if (!unknownLabels.includes(label)) unknownLabels.push(label);
        }
        continue;
      }
      // "how much is the 4 bed?" asks the rent: the bedrooms the tenant just said are not told back.
      if (topic === 'bedrooms' && question.topics.length > 1 && saysBedrooms(question.text, property))
        continue;
      const answer = answerFromListing(topic, property, options.today, question.text);
      const found = answer ? null : findInDescription(property.description, question.text, cueOf(topic));
      if (answer) say(answer.sentence);
      else if (found) say(fromDescription(found));
      if (!answer && topic === 'pets' && !found) say(PETS_CONSIDERED);
      if ((!answer && !found) || answer?.passOn) {
        passOn = true;
        const label = topicLabel(topic);
        if (!unknownLabels.includes(label) && !(answer?.passOn && topic === 'pets'))
          unknownLabels.push(label);
      }
    }
    if (passOn) result.passedOn.push(question.text);
    if (defer) result.deferred.push(questionToKeep(question));
  }
  if (needsProperty && !options.isChoosingProperty) {
    say("Let me know which property you're asking about and I'll tell you.");
  } else if (needsProperty) {
    say(ONCE_CHOSEN);
  }
  if (result.passedOn.length > 0) {
    const labels = unknownLabels.filter((l) => l !== 'pets');
    const about = labels.length > 0 ? ` about ${joinLabels(labels)}` : '';
    const several = result.passedOn.length > 1 ? 'those questions' : 'your question';
    if (labels.length > 0 || !result.sentences.some((s) => s.includes('pass'))) {
      say(
        `I don't have the details${about} to hand, so I'll pass ${several} on to the team and they'll get back to you.`,
      );
    }
  }
  return result;
}

/** A bedroom count said: "the 4 bed", "a two bedroom flat". */
const BEDROOMS_SAID = /\b(\d|one|two|three|four|five|six)\s*-?\s*(?:bed|beds|bedroom|bedrooms|bedroomed)\b/i;

/** Whether a question says the listing's own bedroom count ("how much is the 4 bed?"). */
function saysBedrooms(question: string, property: AgentProperty): boolean {
  const m = BEDROOMS_SAID.exec(question);
  if (!m || property.bedrooms === null) return false;
  const count = /^\d$/.test(m[1]) ? Number(m[1]) : numberFromWord(m[1].toLowerCase());
  return count === property.bedrooms;
}

/** A question about a listing not chosen yet: it waits for the listing. */
export const ONCE_CHOSEN = "Once I know which property you mean, I'll answer that from its listing.";

const PETS_CONSIDERED = "Pet requests are considered, so I'll pass yours on to the team.";

function otherCue(label: string): RegExp | undefined {
  return OTHER_TOPICS.find(([l]) => l === label)?.[1];
}

function joinLabels(labels: string[]): string {
  if (labels.length === 1) return labels[0];
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function topicLabel(topic: ListingTopic): string {
  if (typeof topic === 'object') return `the ${topic.feature}`;
  const labels: Record<Exclude<ListingTopic, { feature: string }>, string> = {
    rent: 'the rent',
    bedrooms: 'the bedrooms',
    parking: 'parking',
    vacancy: 'when it is available',
    address: 'the address',
    pets: 'pets',
    bills: 'bills',
    councilTax: 'council tax',
    furnishing: 'furnishing',
    deposit: 'the deposit',
    epc: 'the energy rating',
    term: 'the tenancy length',
  };
  return labels[topic];
}

export const NO_PARKING = /^(?:none|no|no parking|n\/a|not available)\.?$/i;

/** A listing field's answer, as a person would say it; `passOn` when the team must still decide. */
function answerFromListing(
  topic: ListingTopic,
  property: AgentProperty,
  today: string,
  question: string,
): { sentence: string; passOn?: boolean } | null {
  const said = (sentence: string | null, passOn = false) => (sentence ? { sentence, passOn } : null);
  if (typeof topic === 'object') {
    const has = property.features.some((f) => f.toLowerCase().includes(topic.feature));
    return has ? said(`Yes, there's ${/^[aeiou]/.test(topic.feature) ? 'an' : 'a'} ${topic.feature}.`) : null;
  }
  switch (topic) {
    case 'rent':
      return said(describeRent(property));
    case 'bedrooms':
      if (property.bedrooms === null) return null;
      if (property.bedrooms === 0) return said("It's a studio, so there's no separate bedroom.");
      return said(property.bedrooms === 1 ? 'It has 1 bedroom.' : `It has ${property.bedrooms} bedrooms.`);
    case 'parking': {
      const parking = property.parking?.trim();
      if (!parking) return null;
      if (NO_PARKING.test(parking)) return said("There's no parking with this one, I'm afraid.");
      return said(`For parking, there's ${parking[0].toLowerCase()}${parking.slice(1).replace(/\.$/, '')}.`);
    }
    case 'vacancy':
      return said(describeVacancy(property, today, /\bstill\b/i.test(withKeyWordsSpelt(question))));
    case 'address':
      return said(property.address.trim() ? `The address is ${property.address.trim()}.` : null);
    case 'pets':
      if (property.petsPolicy === 'allowed') return said('Yes, pets are welcome here.');
      if (property.petsPolicy === 'not-allowed')
        return said("I'm afraid the landlord doesn't allow pets at this one.");
      if (property.petsPolicy === 'considered')
        return said("Pets are considered case by case, so I'll pass your request on to the team.", true);
      return null;
    case 'bills':
      if (property.billsIncluded === null) return null;
      return said(
        property.billsIncluded
          ? 'Yes, bills are included in the rent.'
          : "Bills aren't included, so they're paid on top of the rent.",
      );
    case 'councilTax':
      return said(property.councilTaxBand ? `It's in council tax band ${property.councilTaxBand}.` : null);
    case 'furnishing':
      return said(property.furnishing ? `It's let ${property.furnishing}.` : null);
    case 'deposit':
      return said(
        property.deposit === null
          ? null
          : `The deposit is ${formatMoney(property.deposit, { wholePounds: true })}.`,
      );
    case 'epc':
      return said(property.epcRating ? `It has an EPC rating of ${property.epcRating}.` : null);
    case 'term':
      return said(
        property.minimumTermMonths === null
          ? null
          : `The minimum tenancy is ${property.minimumTermMonths} month${property.minimumTermMonths === 1 ? '' : 's'}.`,
      );
  }
}
