import { formatMoney } from '#shared/format.ts';
import { formatLongDate, splitIso, ukToIso } from './dates.ts';
import { parseRent } from './score.ts';
import { normalise, splitSentences } from './text.ts';
import type { AgentProperty } from './types.ts';

/** What a tenant asks about. The first five are answered from the listing; the rest are passed on. */
export type Topic =
  | 'rent'
  | 'bedrooms'
  | 'parking'
  | 'vacancy'
  | 'address'
  | 'needs'
  | 'identity'
  | 'viewing'
  | 'listings'
  | 'callback'
  | { other: string };

const KNOWN_TOPICS: Array<[Exclude<Topic, { other: string }>, RegExp]> = [
  ['rent', /\b(rent|rental|price|cost|how much|pcm|per month|a month|monthly|per week|a week|pw)\b/i],
  ['bedrooms', /\b(bed|beds|bedroom|bedrooms|rooms)\b/i],
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

const META_TOPICS: Array<[Exclude<Topic, { other: string }>, RegExp]> = [
  ['callback', /\b(?:call|ring|phone|text) me\b|\bcall (?:me )?back\b|\bgive me a (?:call|ring)\b/i],
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
    /\b(?:any(?:thing)?|something|other|which) (?:properties|property|flats|houses|places|listings|else)\b|\bhave (?:you )?(?:got )?anything\b|\bwhat (?:else )?(?:have you got|do you have)\b/i,
  ],
];

/** Topics the listing never holds, named so the reply can say what is being passed on. */
const OTHER_TOPICS: Array<[string, RegExp]> = [
  [
    'whether the rent is negotiable',
    /\b(negotiable|negotiate|discount|reduc\w*|lower (?:the )?rent|any movement|offer)\b/i,
  ],
  ['pets', /\b(pets?|dogs?|cats?|puppy|kitten|animals?|rabbit|bird)\b/i],
  ['bills', /\b(bills?|utilities|gas|electric(?:ity)?|water rates)\b/i],
  ['council tax', /\bcouncil tax\b/i],
  ['the garden', /\b(garden|outdoor space|balcony|patio|yard)\b/i],
  [
    'furnishing',
    /\b(furnished|unfurnished|furniture|furnishings?|white goods|washing machine|dishwasher|fridge|appliances)\b/i,
  ],
  ['the deposit', /\b(deposit|holding fee|admin fee|fees?)\b/i],
  ['broadband', /\b(broadband|wifi|wi-fi|internet|fibre)\b/i],
  ['the energy rating', /\b(epc|energy rating|energy performance|insulation)\b/i],
  ['heating', /\b(heating|boiler|radiators?|gas central)\b/i],
  [
    'the tenancy length',
    /\b(tenancy length|contract length|how long (?:is|for)|minimum term|length of (?:the )?tenancy|break clause)\b/i,
  ],
  ['smoking', /\b(smok(?:e|ing|er)|vap(?:e|ing))\b/i],
  ['local transport', /\b(station|bus|tram|train|tube|transport|commute)\b/i],
  ['local schools', /\b(schools?|nursery|catchment)\b/i],
  ['storage', /\b(storage|loft|shed|cellar)\b/i],
  ['the kitchen and bathroom', /\b(kitchen|bathroom|shower|bath|ensuite|en-suite)\b/i],
  ['accessibility', /\b(lift|stairs|step-free|wheelchair|ground floor)\b/i],
  ['sharers', /\b(sharers?|house share|hmo|students allowed|accept students)\b/i],
];

/** Question words that open a question anywhere. */
const WH_WORD = /^(?:what|what's|whats|when|where|where's|how|which|who|whose)\b/i;
/** Auxiliaries open a question only before a subject: "could I view it" but not "could move 1 March". */
const AUXILIARY_QUESTION =
  /^(?:is|are|does|do|did|can|could|would|will|has|have|am|should|may|any)\s+(?:i|we|you|it|there|the|this|that|they|he|she|my|our|your|its|pets?|parking|bills|a|an|any|anyone|someone|dogs?|cats?|smokers|students|sharers|children|kids|council|rent|viewings?)\b/i;
const ANY_QUESTION = /^(?:any|anything)\b.*\?$/i;

function isInterrogative(text: string): boolean {
  return WH_WORD.test(text) || AUXILIARY_QUESTION.test(text) || ANY_QUESTION.test(text);
}
const GREETING =
  /^(?:hi|hello|hey|hiya|helo|good (?:morning|afternoon|evening)|morning|afternoon|evening|ok|okay|great|thanks|thank you|cool|lovely|perfect|also|and|oh|so|just|quick question)\b[\s,!.:-]*(?:there\b[\s,!.:-]*)?/i;
const WONDERING =
  /\b(?:wondering|want(?:ed)? to know|would like to know|like to ask|could you tell me|can you tell me|let me know)\b/i;

export type QuestionPart = { text: string; topics: Topic[] };

export type SplitMessage = {
  /** The parts that are statements: slot values come only from these. */
  statements: string;
  questions: QuestionPart[];
};

function topicsOf(question: string): Topic[] {
  const topics: Topic[] = [];
  for (const [topic, re] of META_TOPICS) if (re.test(question)) topics.push(topic);
  if (topics.includes('listings')) return ['listings'];
  if (topics.includes('callback')) return ['callback'];
  for (const [topic, re] of KNOWN_TOPICS) if (re.test(question)) topics.push(topic);
  for (const [label, re] of OTHER_TOPICS) if (re.test(question)) topics.push({ other: label });
  // A named unknown topic wins over a vague word ("is the garden free to use?").
  if (topics.some((t) => typeof t === 'object')) {
    const vague = (t: Topic) => t === 'vacancy' || t === 'rent';
    if (topics.some(vague) && !/\b(rent|rental|price|available|vacant)\b/i.test(question)) {
      return topics.filter((t) => !vague(t));
    }
  }
  if (topics.length === 0) topics.push({ other: 'that' });
  return topics;
}

/** Splits a clause list like "Hi this is Mark, is parking included?" at the question. */
function questionStart(sentence: string): number | null {
  const clauses = [...sentence.matchAll(/(^|[,;:]\s*|\s+-\s+|\s+(?:and|also|but|oh|plus)\s+)/gi)];
  for (const clause of clauses) {
    const start = (clause.index ?? 0) + clause[0].length;
    let rest = sentence.slice(start);
    const greeting = GREETING.exec(rest);
    if (greeting) rest = rest.slice(greeting[0].length);
    if (isInterrogative(rest)) return sentence.length - rest.length;
    if (WONDERING.test(rest.slice(0, 40))) return start;
  }
  return null;
}

/**
 * Separates what the tenant asks from what they tell. A sentence is a question when it ends with
 * "?" or opens with a question word; only the clause from the question word on is the question.
 */
export function splitQuestions(message: string): SplitMessage {
  const statements: string[] = [];
  const questions: QuestionPart[] = [];
  for (const sentence of splitSentences(normalise(message))) {
    const start = questionStart(sentence);
    const endsWithQuestionMark = sentence.endsWith('?');
    if (start === null) {
      // "2?" or "weekends?": an unsure answer, not a question.
      if (endsWithQuestionMark && sentence.split(/\s+/).length > 3) {
        questions.push({ text: sentence, topics: topicsOf(sentence) });
      } else {
        statements.push(sentence.replace(/\?+$/, ''));
      }
      continue;
    }
    // A question word that opens a bare answer ("any weekday after 5pm") is not a question.
    if (!endsWithQuestionMark && /^(?:any|anything|how about|what about)\b/i.test(sentence.slice(start))) {
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
    questions.push({ text, topics: topicsOf(text) });
  }
  return { statements: statements.join('. '), questions };
}

export type QuestionAnswer = {
  /** Sentences to say, in order. */
  sentences: string[];
  /** Questions that go to the team. */
  passedOn: string[];
  /** The tenant asked which listings there are. */
  wantsListings: boolean;
  /** The tenant asked what the agent needs. */
  wantsOverview: boolean;
};

function describeRent(property: AgentProperty): string | null {
  if (!property.rentalPrice) return null;
  const rent = parseRent(property.rentalPrice);
  if (!rent) return null;
  const isWeekly = /\b(pw|p\/w|per week|a week|weekly|pppw)\b/i.test(property.rentalPrice);
  return isWeekly
    ? `The rent is ${property.rentalPrice.trim()} (about ${formatMoney(rent.monthly, { wholePounds: true })} a month).`
    : `The rent is ${property.rentalPrice.trim()}.`;
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

/**
 * Answers questions about the property from its listing only. Anything the listing does not hold
 * (or holds as null) is passed on to the team, never guessed.
 */
export function answerQuestions(
  questions: QuestionPart[],
  property: AgentProperty | null,
  options: { today: string; companyName: string; isChoosingProperty: boolean },
): QuestionAnswer {
  const result: QuestionAnswer = { sentences: [], passedOn: [], wantsListings: false, wantsOverview: false };
  const unknownLabels: string[] = [];
  let needsProperty = false;
  for (const question of questions) {
    let passOn = false;
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
        result.sentences.push(
          `I'm ${options.companyName}'s AI assistant: everything you tell me goes straight to their lettings team.`,
        );
        continue;
      }
      if (topic === 'callback') {
        result.sentences.push("Of course: I'll make sure the team has your number so they can call you.");
        continue;
      }
      if (topic === 'viewing') {
        if (question.topics.length === 1) {
          result.sentences.push(
            "Of course: I'll take a few details and when you're free, and the team will be in touch to book the viewing.",
          );
        }
        continue;
      }
      if (typeof topic === 'object') {
        passOn = true;
        if (topic.other !== 'that' && !unknownLabels.includes(topic.other)) unknownLabels.push(topic.other);
        continue;
      }
      if (!property) {
        needsProperty = true;
        continue;
      }
      const sentence = answerFromListing(topic, property, options.today, question.text);
      if (sentence) result.sentences.push(sentence);
      else {
        passOn = true;
        unknownLabels.push(topicLabel(topic));
      }
    }
    if (passOn) result.passedOn.push(question.text);
  }
  if (needsProperty && !options.isChoosingProperty) {
    result.sentences.push("Let me know which property you're asking about and I'll tell you.");
  } else if (needsProperty) {
    result.sentences.push("Once I know which property you mean, I'll answer that from its listing.");
  }
  if (result.passedOn.length > 0) {
    const about = unknownLabels.length > 0 ? ` about ${joinLabels(unknownLabels)}` : '';
    const several = result.passedOn.length > 1 ? 'those questions' : 'your question';
    result.sentences.push(
      `I don't have the details${about} to hand, so I'll pass ${several} on to the team and they'll get back to you.`,
    );
  }
  return result;
}

function joinLabels(labels: string[]): string {
  if (labels.length === 1) return labels[0];
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

function topicLabel(topic: Topic): string {
  switch (topic) {
    case 'rent':
      return 'the rent';
    case 'bedrooms':
      return 'the bedrooms';
    case 'parking':
      return 'parking';
    case 'vacancy':
      return 'when it is available';
    case 'address':
      return 'the address';
    default:
      return 'that';
  }
}

function answerFromListing(
  topic: Topic,
  property: AgentProperty,
  today: string,
  question: string,
): string | null {
  switch (topic) {
    case 'rent':
      return describeRent(property);
    case 'bedrooms':
      if (property.bedrooms === null) return null;
      if (property.bedrooms === 0) return "It's a studio, so there's no separate bedroom.";
      return property.bedrooms === 1 ? 'It has 1 bedroom.' : `It has ${property.bedrooms} bedrooms.`;
    case 'parking':
      return property.parking?.trim() ? `On parking, the listing says: ${property.parking.trim()}.` : null;
    case 'vacancy':
      return describeVacancy(property, today, /\bstill\b/i.test(question));
    case 'address':
      return property.address.trim() ? `The address is ${property.address.trim()}.` : null;
    default:
      return null;
  }
}
