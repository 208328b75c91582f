import { findJobTitles, isJobWord } from '../occupations.ts';
import { isPlaceName } from '../place-names.ts';
import { type ExtractOptions, hasOtherAnswer, isRefused, type Reading } from '../reading.ts';
import { normalise, titleCase, words } from '../text.ts';
import { EMAIL } from './email.ts';
import { parsePhone } from './phone.ts';
import { answerText, nullableText, type SlotSpec, summaryLine, textDisplay } from './spec.ts';

const NAME_STOP = new Set(
  `a an the and or but so not no yes yeah yep ok okay just only also looking interested keen hoping planning
  moving trying wanting wondering after from in on at for with about currently now here there very really quite
  free available flexible happy good fine great sorry afraid sure unsure new based single married divorced
  separated widowed pregnant disabled employed unemployed self retired working studying student a sat sun
  mon tue tues wed thu thurs fri monday tuesday wednesday thursday friday saturday sunday weekend weekends
  weekday weekdays evening evenings morning mornings afternoon afternoons january february march april may
  june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  british english scottish welsh irish polish romanian indian pakistani bangladeshi chinese nigerian ghanaian
  italian spanish french german portuguese american australian canadian african asian european muslim
  christian jewish hindu sikh buddhist catholic gay straight lesbian trans hi hello hiya
  hey thanks thank cheers regards best pardon huh email e-mail phone number mobile name it its it's this that is are
  was were be been my our me we us i you your they them he she his her their what when where who how why
  which please pls thx ta mr mrs ms miss dr prof sir madam one two three four five six seven eight nine
  ten yes sure flat house property viewing view income salary rent asap any anytime month week year today
  tomorrow tonight of to by as if then than too still already both all each every some anyone someone
  nurse teacher doctor engineer chef also well um erm hmm lol same fine cool lovely perfect correct right
  wrong looking forward apply applying enquiring enquiry interested call text contact reach me tbh rn btw
  haha lol xx xxx atm ngl imo idk fyi cos coz cuz innit phd msc bsc mba masters master postgrad undergrad
  trainee junior senior nhs uni universal credit benefits benefit pension housing allowance dss pip esa jsa
  surname firstname lastname called first last forename`.split(/\s+/),
);

/** Words that describe a person rather than name them after "I'm" ("I'm White British"). */
const DESCRIPTIONS = new Set(['black', 'white', 'mixed', 'brown', 'british', 'asian']);

const TITLES = /^(?:mr|mrs|ms|miss|mx|dr|prof|sir)\.?\s+/i;
const NAME_TOKEN = "\\p{L}[\\p{L}'-]*";
/** "call me Jo", never "call me back", "call me later" or "call me on …": a call asked for. */
const CALL_ME =
  'call me(?!\\s+(?:back|later|tomorrow|tmrw|today|tonight|asap|pls|plz|please|on|at|after|before|when|if|in|any|sometime|about)\\b)';
const NAME_GIVEN = new RegExp(
  `\\b(?:my (?:full )?name(?:'s| is)|(?:full )?name(?:'s| is)|name:|(?:my )?full name(?:'s| is|:)?|${CALL_ME}|(?:i'?m|i am|am) called|it's|its)\\s+(?:(?:spelt|spelled|actually|really|just)\\s+)?(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,4})`,
  'giu',
);
const NAME_INTRODUCED = new RegExp(
  `\\b(?:[Ii]'?m|[Ii] am|[Tt]his is|[Ii]t'?s)\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,2})`,
  'u',
);
const NAME_SIGN_OFF = new RegExp(
  `(?:^|[.!,]\\s*)(?:thanks|thank you|many thanks|cheers|regards|kind regards|best wishes|best|ta|thx)\\s*[,!.-]*\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)\\s*[.!]*$`,
  'iu',
);
const NAME_HERE = new RegExp(`^(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)\\s+here\\b`, 'u');

/** Months that are also first names: after "my name is" they are names. */
const NAMES_LIKE_MONTHS = new Set(['jan', 'may', 'june', 'april', 'august']);

function cleanName(
  candidate: string,
  requireCapital: boolean,
  isExplicit = false,
  isSurname = false,
): string | null {
  const tokens = candidate.replace(TITLES, '').trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const token of tokens) {
    const bare = token.replace(/[^\p{L}'-]/gu, '');
    // Surnames can be trades (Baker, Turner), first names not.
    const isParticle = kept.length > 0 && NAME_PARTICLES.has(bare.toLowerCase());
    const lower = bare.toLowerCase();
    const isStop = NAME_STOP.has(lower) && !(isExplicit && NAMES_LIKE_MONTHS.has(lower));
    if (!bare || (!isParticle && isStop) || (kept.length === 0 && !isSurname && isJobWord(bare))) break;
    if (requireCapital && !/^\p{Lu}/u.test(bare) && !isParticle) break;
    kept.push(bare);
    if (kept.filter((t) => !NAME_PARTICLES.has(t.toLowerCase())).length === 3) break;
  }
  while (kept.length > 1 && NAME_PARTICLES.has(kept[kept.length - 1].toLowerCase())) kept.pop();
  if (kept.length === 0 || kept[0].length < 2) return null;
  return nameCase(kept);
}

/** Stands in for an email address or phone number, so the words beside one can be read. */
const CONTACT = '\u0001';

function markContacts(text: string): string {
  const marked = text.replace(EMAIL, ` ${CONTACT} `);
  let out = marked;
  for (const [from, to] of [...parsePhone(marked).spans].sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, from)} ${CONTACT} ${out.slice(to)}`;
  }
  return out;
}

/** The pieces of a message between commas, dashes, full stops and contact details (kept as pieces). */
const PIECE_BREAK = new RegExp(
  `(${CONTACT})|[,;:\\n()]|\\s[-/|]+\\s|(?<!\\b(?:mr|mrs|ms|dr))[.!?]+(?=\\s|$)`,
  'i',
);

function pieces(marked: string): string[] {
  return marked
    .split(PIECE_BREAK)
    .filter((p): p is string => p !== undefined)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Lower-case parts of a surname ("de la Cruz", "van Dijk"), never its first or last word. */
const NAME_PARTICLES = new Set([
  'de',
  'da',
  'di',
  'du',
  'la',
  'le',
  'van',
  'von',
  'der',
  'den',
  'al',
  'el',
  'bin',
]);
/**
 * Words of places and of work that are never part of a name typed beside contact details: "Elm
 * Road", "Maple Court", "Garden Flat", "Leeds Uni", "Between jobs".
 */
const NOT_NAME_WORDS = new Set(
  `road rd street avenue ave lane terrace crescent gardens mews square drive place court close grove parade
  flat flats studio apartment apartments house cottage bungalow maisonette tower towers wharf quay estate
  city centre center town village station hospital uni university college campus between job jobs work`.split(
    /\s+/,
  ),
);
/** One-word pieces that may come before the name when it was asked ("Sure, Tom Wright"). */
const NAME_FILLERS = new Set(
  'actually sure yes yeah yep ok okay hi hello hey right so well oh sorry certainly'.split(' '),
);

type PieceRules = {
  /** Every word must start with a capital, unless it appears in the email address given. */
  requireCapital: boolean;
  minWords: number;
  emailLocal: string | null;
  /** Lower-case words of the agency's listings' names and addresses. */
  places: () => Set<string>;
};

/**
 * A piece of a message that is a name and nothing else: "Jamie Lee", "priya shah" beside
 * priya.shah@…, "Sean O'Neill", "Amy Smith-Jones". Not "Elm Road", "Civil servant" or "Next week".
 */
function nameFromPiece(piece: string, rules: PieceRules): string | null {
  const bare = piece
    .replace(TITLES, '')
    .replace(/^(?:hi|hello|hey|hiya)\s+/i, '')
    .replace(/^(?:i'?m|im|i am|it'?s|its|this is|my name is|name'?s)\s+/i, '')
    .replace(/\s+here$/i, '')
    .trim();
  const tokens = bare.split(/\s+/);
  if (tokens.length < rules.minWords || tokens.length > 4) return null;
  const lower = tokens.map((t) => t.toLowerCase());
  const last = lower.length - 1;
  for (const [i, token] of tokens.entries()) {
    if (!/^\p{L}[\p{L}'-]*\p{L}$|^\p{L}$/u.test(token)) return null;
    const isParticle = i > 0 && i < last && NAME_PARTICLES.has(lower[i]);
    if (isParticle) continue;
    if (NAME_STOP.has(lower[i]) || DESCRIPTIONS.has(lower[i]) || NOT_NAME_WORDS.has(lower[i])) return null;
  }
  if (lower[0].length < 2 || isJobWord(lower[0])) return null;
  // "Civil servant", "Software developer": a job title from its first word is no name.
  if (findJobTitles(bare, true).some((m) => m.start === 0)) return null;
  const isCapitalised = tokens.every((t, i) => /^\p{Lu}/u.test(t) || NAME_PARTICLES.has(lower[i]));
  if (rules.requireCapital && !isCapitalised) {
    const local = rules.emailLocal;
    const inEmail =
      local !== null && lower.some((t) => t.length >= 3 && local.includes(t.replace(/[^a-z]/g, '')));
    if (!inEmail) return null;
  }
  const places = rules.places();
  if (places.size > 0 && lower.every((t) => places.has(t))) return null;
  return nameCase(tokens);
}

/** "jan van der berg" → "Jan van der Berg": particles typed in lower case stay so inside a name. */
function nameCase(tokens: string[]): string {
  const cased = titleCase(tokens.join(' ')).split(' ');
  const last = tokens.length - 1;
  return cased
    .map((word, i) => (i > 0 && i < last && NAME_PARTICLES.has(tokens[i]) ? tokens[i] : word))
    .join(' ');
}

/**
 * A name standing beside an email address or phone number ("Jamie Lee, jamie.lee@…", "Priya Shah
 * priya.shah@… 07700 900777", "…@gmail.com 07700 900713 Olivia King"), opening a message that
 * gives contact details, or introduced anywhere as "Kerry-Ann Doyle here". With `nameAsked`, a name opening the message counts even when the rest
 * says something else ("Tom Wright, I'd rather not give my number…").
 */
function nameBesideContact(
  clean: string,
  options: { nameAsked: boolean; places: () => Set<string> },
): string | null {
  const marked = markContacts(clean);
  const hasContact = marked.includes(CONTACT);
  const email = clean.match(EMAIL);
  const rules: PieceRules = {
    requireCapital: !options.nameAsked,
    // A lone word is left to the plain answer ("Jo"): here it is too often something else.
    minWords: 2,
    emailLocal: email
      ? email[0]
          .split('@')[0]
          .toLowerCase()
          .replace(/[^a-z]/g, '')
      : null,
    places: options.places,
  };
  const parts = pieces(marked);
  // The piece that opens the message, after a "Sure," or "Hi," when the name was asked.
  let opening = 0;
  while (options.nameAsked && opening < parts.length - 1 && NAME_FILLERS.has(parts[opening].toLowerCase()))
    opening++;
  for (const [i, part] of parts.entries()) {
    if (part === CONTACT) continue;
    const touchesContact = parts[i - 1] === CONTACT || parts[i + 1] === CONTACT;
    const opens = i === opening && (hasContact || options.nameAsked);
    const introduces = /\s+here$/i.test(part);
    if (!touchesContact && !opens && !introduces) continue;
    const name = nameFromPiece(part, rules);
    if (name) return name;
  }
  return null;
}

/**
 * A name from "I'm Sarah Jones", "name's Tom", "this is Mark Davies", "Thanks, Jo", a name beside
 * an email or phone number, or, when the name was asked, a bare "Sarah Jones". "I'm Polish",
 * "I'm 34" and "I'm a nurse" are not names. `asked`: the name was asked and nothing else answered;
 * `nameAsked`: the name was the question open; `places`: the listings' names and addresses.
 */
export function parseName(
  text: string,
  options: { asked: boolean; nameAsked?: boolean; places?: readonly string[] },
): string | null {
  // "Maple Court" typed on its own names a listing, whatever was asked.
  if (isPlaceName(text, options.places ?? [])) return null;
  const found = firstNameRead(text, options);
  const clean = normalise(text);
  const namesParts = /name/i.test(clean);
  const surname = namesParts ? SURNAME_GIVEN.exec(clean) : null;
  const firstGiven = namesParts ? FIRST_NAME_GIVEN.exec(clean) : null;
  // "Ahmed, surname is Rahman": the name before the surname.
  const before =
    surname && !found ? clean.slice(0, surname.index).replace(/[\s,.;:-]+(?:and|my)?\s*$/i, '') : '';
  const first =
    found ??
    (firstGiven ? cleanName(firstGiven[1], false, true) : null) ??
    (before
      ? firstNameRead(before, { ...options, asked: options.asked || options.nameAsked === true })
      : null);
  if (first && surname && first.split(' ').length === 1) {
    const last = cleanName(surname[1], false, true, true);
    if (last) return `${first} ${last}`;
  }
  if (!first) return null;
  return fullerName(first, clean) ?? first;
}

/** Texting words after a name: "raj patel tbh", "sam x". */
const TEXTING_FILLERS = /(?:\s+(?:tbh|lol|haha|x+|rn|btw|pls|plz|thx|ta|mate|here))+$/i;

/** "surname is Rahman", "last name: o'brien", "family name Nowak". */
const SURNAME_GIVEN = new RegExp(
  `\\b(?:surname|last name|family name|second name)(?:'s|\\s+is|\\s*[:=-])?\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN})?)`,
  'iu',
);
const FIRST_NAME_GIVEN = new RegExp(
  `\\b(?:first name|forename|given name)(?:'s|\\s+is|\\s*[:=-])?\\s+(${NAME_TOKEN})`,
  'iu',
);

/**
 * "I'm Fiona by the way, Fiona MacLeod", "its sam, sam okoro": a one-word name said again with a
 * surname after it is the full name.
 */
function fullerName(first: string, text: string): string | null {
  const lower = text.toLowerCase();
  const at = lower.indexOf(first.toLowerCase());
  if (first.includes(' ') || at === -1 || lower.indexOf(first.toLowerCase(), at + 1) === -1) return null;
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const again = new RegExp(`(?:^|[^\\p{L}])${escaped}\\s+(${NAME_TOKEN}(?:\\s+${NAME_TOKEN}){0,2})`, 'giu');
  for (const m of text.matchAll(again)) {
    const full = cleanName(`${first} ${m[1]}`, false);
    if (full && full.split(' ').length > 1 && full.toLowerCase().startsWith(first.toLowerCase())) return full;
  }
  return null;
}

function firstNameRead(
  text: string,
  options: { asked: boolean; nameAsked?: boolean; places?: readonly string[] },
): string | null {
  const normalised = normalise(text);
  const clean = markContacts(normalised).replaceAll(CONTACT, ' ').replace(/\s+/g, ' ').trim();
  // The last name given wins: "call me jo, full name joanne smith".
  const given = [...clean.matchAll(NAME_GIVEN)].filter((m) => /\bname|call me|called/i.test(m[0])).reverse();
  for (const explicit of given) {
    const name = cleanName(explicit[1], false, true);
    if (name) return name;
  }
  const introduced = NAME_INTRODUCED.exec(clean);
  if (introduced && !DESCRIPTIONS.has(introduced[1].split(/\s+/)[0].toLowerCase())) {
    const name = cleanName(introduced[1], !options.asked);
    if (name) return name;
  }
  const signOff = NAME_SIGN_OFF.exec(clean);
  if (signOff) {
    const name = cleanName(signOff[1], true);
    if (name) return name;
  }
  const here = NAME_HERE.exec(clean);
  if (here) {
    const name = cleanName(here[1], true);
    if (name) return name;
  }
  let places: Set<string> | null = null;
  const beside = nameBesideContact(normalised, {
    nameAsked: options.asked || options.nameAsked === true,
    places: () => {
      places ??= new Set(words((options.places ?? []).join(' ')));
      return places;
    },
  });
  if (beside) return beside;
  if (options.asked) {
    const bare = clean
      .replace(/^(?:hi|hello|hey|sure|yes|ok|okay)[\s,!.]+/i, '')
      .replace(/^(?:it'?s|its|i'?m|im|i am|this is|name:?|my name(?:'s| is))\s+/i, '')
      .replace(/[\s,.;!/-]+(?:thanks|thank you|cheers)?[\s.!]*$/i, '')
      .trim();
    // "raj patel tbh", "ayo, ayo adeyemi": texting fillers go, and a name repeated in full is read
    // from its first piece (the full one is found after).
    const candidates = [bare, ...bare.split(/\s*[,;]\s*/)].map((c) => c.replace(TEXTING_FILLERS, '').trim());
    for (const candidate of candidates) {
      if (!/^\p{L}[\p{L}'-]*(?:\s+\p{L}[\p{L}'-]*){0,3}$/u.test(candidate)) continue;
      const tokens = candidate.split(/\s+/);
      if (tokens.every((t) => !NAME_STOP.has(t.toLowerCase())) && !isJobWord(tokens[0]))
        return cleanName(candidate, false);
    }
  }
  return null;
}

/** Letters, apostrophes, spaces, dots and hyphens: "Sarah O'Brien", "J. Smith-Jones". */
const NAME_CHARACTERS = /^[\p{L}' .-]+$/u;

function readName(r: Reading): void {
  if (isRefused(r, 'name')) return;
  const { asking, result, options } = r;
  const askedName = asking === 'name' && !hasOtherAnswer(result, ['email', 'phone']);
  // The statements with their email and phone, so a name beside them can be read.
  const name = parseName(r.split.statements, {
    asked: askedName,
    nameAsked: asking === 'name',
    places: options.places,
  });
  // A sign-off or "I'm Jo" never overwrites a full name already given.
  const isExplicit = new RegExp(`\\b(?:my name|name's|name is|${CALL_ME})\\b`, 'i').test(r.statements);
  if (name && (options.fields.name === null || asking === 'name' || asking === 'confirm' || isExplicit)) {
    result.updates.name = name;
  }
}

/** Two or three capitalised words alone ("Priya Shah") answer the name when something else was asked. */
function nameAside(statements: string, { places }: ExtractOptions): string | null {
  return /^[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){1,2}[.!]?$/.test(statements.trim())
    ? parseName(statements, { asked: true, places })
    : null;
}

const display = textDisplay('name', { label: 'Name' });

/** The tenant's full name; acknowledged by greeting them rather than in the list. */
export const nameSlot = {
  label: 'name',
  words: /\bname\b/i,
  cue: /\bname\b/,
  why: 'I ask so the team knows who they are speaking to when they get in touch.',
  questions: ['Could I take your full name, please?', 'What name should I pass on to the team?'],
  shortQuestions: ['And could I take your full name?', 'So, what name should I pass on?'],
  describe: () => null,
  summaryLine: ({ name }) => summaryLine(display.label, name),
  lead: ({ name }) => ({ name }),
  llm: { name: nullableText },
  valid: (name) => {
    const text = answerText(name);
    return text && NAME_CHARACTERS.test(text) ? text : null;
  },
  prefill: (name) => titleCase(name.trim()),
  parse: { read: readName, aside: nameAside },
  display,
} satisfies SlotSpec<'name'>;
