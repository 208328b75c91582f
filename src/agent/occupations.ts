/**
 * Occupation vocabulary for the slot parser. A job title is a head noun ("nurse", "engineer") with
 * optional modifiers before it ("junior", "software", "care"). Words that would reveal a protected
 * characteristic (a parent at home, maternity leave, benefits) are deliberately absent.
 */

/** Head nouns, singular and lower case; multi-word heads are matched as one unit. */
const HEADS = [
  'accountant',
  'actor',
  'actuary',
  'administrator',
  'adviser',
  'advisor',
  'analyst',
  'apprentice',
  'architect',
  'artist',
  'assistant',
  'auditor',
  'baker',
  'banker',
  'barber',
  'barista',
  'barman',
  'barmaid',
  'barrister',
  'bartender',
  'beautician',
  'biologist',
  'bookkeeper',
  'bricklayer',
  'broker',
  'builder',
  'butcher',
  'buyer',
  'carer',
  'caretaker',
  'carpenter',
  'cashier',
  'chef',
  'chemist',
  'childminder',
  'chiropractor',
  'civil servant',
  'cleaner',
  'clerk',
  'clinician',
  'coach',
  'constable',
  'consultant',
  'controller',
  'coordinator',
  'copywriter',
  'counsellor',
  'courier',
  'decorator',
  'dentist',
  'designer',
  'detective',
  // "dev" alone is a name too (Dev Sharma): only these, so it never stops a name being read.
  'software dev',
  'web dev',
  'app dev',
  'game dev',
  'developer',
  'dietitian',
  'director',
  'doctor',
  'driver',
  'economist',
  'editor',
  'electrician',
  'engineer',
  'entrepreneur',
  'estimator',
  'executive',
  'fabricator',
  'firefighter',
  'fitter',
  'florist',
  'freelancer',
  'gardener',
  'gp',
  'graduate',
  'guard',
  'hairdresser',
  'housekeeper',
  'hygienist',
  'inspector',
  'instructor',
  'intern',
  'jeweller',
  'joiner',
  'journalist',
  'labourer',
  'landscaper',
  'lawyer',
  'lecturer',
  'librarian',
  'machinist',
  'manager',
  'mechanic',
  'medic',
  'merchandiser',
  'midwife',
  'musician',
  'nanny',
  'nurse',
  'nutritionist',
  'officer',
  'operative',
  'operator',
  'optician',
  'optometrist',
  'osteopath',
  'packer',
  'painter',
  'paralegal',
  'paramedic',
  'pensioner',
  'pharmacist',
  'photographer',
  'physicist',
  'physio',
  'physiotherapist',
  'picker',
  'pilot',
  'planner',
  'plasterer',
  'plumber',
  'podiatrist',
  'porter',
  'postman',
  'postwoman',
  'practitioner',
  'producer',
  'professor',
  'programmer',
  'psychiatrist',
  'psychologist',
  'psychotherapist',
  'radiographer',
  'receptionist',
  'recruiter',
  'registrar',
  'researcher',
  'retired',
  'roofer',
  'salesman',
  'salesperson',
  'saleswoman',
  'scientist',
  'secretary',
  'self-employed',
  'sergeant',
  'sole trader',
  'solicitor',
  'sommelier',
  'sonographer',
  'specialist',
  'statistician',
  'steward',
  'stewardess',
  'student',
  'stylist',
  'supervisor',
  'surgeon',
  'surveyor',
  'tailor',
  'teacher',
  'technician',
  'tester',
  'therapist',
  'trader',
  'trainee',
  'trainer',
  'tutor',
  'underwriter',
  'vet',
  'volunteer',
  'waiter',
  'waitress',
  'welder',
  'worker',
  'writer',
];

/** Words that can stand before a head to make a longer title ("junior doctor", "care assistant"). */
const MODIFIERS = new Set(
  `account accounts admin administrative agency ai apprentice art assistant audit bank bar beauty
  bus business cabin call care catering chief civil cleaning clinical cloud community compliance
  construction content creative customer cyber dance data delivery dental deputy design digital
  district domestic early electrical events executive factory field finance financial fitness
  forklift freelance front frontend backend full stack game games general graduate graphic hgv
  head health healthcare hospital hotel hr it junior kitchen lab laboratory lead learning legal
  lettings letting lorry machine maintenance managing marketing mature mechanical medical mental
  mortgage music network nhs night nursery nursing office operations payroll personal pharmacy
  phd postgrad postgraduate practice primary principal procurement product production project
  property qualified quality recruitment registered research restaurant retail retired risk sales
  school secondary security self-employed senior service services shift shop site social software
  special sous staff store structural supply support systems tax taxi teaching team technical
  theatre train trainee ui undergraduate university uni ux veterinary vet warehouse web
  youth police fire quantity chartered building land environmental aerospace automotive chemical
  biomedical private executive travel interior landscape video sound lighting stage costume makeup
  make-up nail hair pastry line commis floor duty area regional branch solutions test qa devops
  database infrastructure key development brand communications pr press seo copy museum library
  occupational speech language child family housing welfare probation prison ambulance emergency
  rail van crane plant cnc facilities claims credit contracts chain stock contact centre reception
  desk wedding academic postdoctoral postdoc doctoral masters law international associate certified
  contract locum relief temporary temp dog animal horse tree window carpet kitchen bathroom tattoo
  gas heating hvac scaffolding steel sheet metal precision power electronics electronic software`
    .split(/\s+/)
    .filter(Boolean),
);

/** How a word is written when shown. */
const DISPLAY: Record<string, string> = {
  gp: 'GP',
  it: 'IT',
  hr: 'HR',
  ux: 'UX',
  ui: 'UI',
  ai: 'AI',
  nhs: 'NHS',
  hgv: 'HGV',
  phd: 'PhD',
};

/** After these a head word is not a job ("student loan", "nurse's station"). */
const NOT_AFTER = new Set([
  'loan',
  'loans',
  'finance',
  'accommodation',
  'halls',
  'visa',
  'card',
  'discount',
  'union',
  'house',
  'let',
  'lets',
  'flat',
  'property',
  'properties',
  'room',
  'friendly',
  'area',
  // "Baker Street", "Mason Lane": a street, no job.
  'street',
  'road',
  'avenue',
  'lane',
  'terrace',
  'court',
  'crescent',
  'square',
  'gardens',
  'grove',
  'mews',
  'row',
  // Typed short: "baker st", "mason rd".
  'st',
  'rd',
  'ave',
  'ln',
  'ct',
  'crt',
  'sq',
  'gdns',
]);

/** Whether a word is a job title's head ("nurse"): such a word is never read as a name. */
export function isJobWord(word: string): boolean {
  return HEAD_SET.has(singular(word.toLowerCase()));
}

/** A tenant's words that say what they do, right before the job. */
const CUES = new Set([
  "i'm",
  'im',
  'am',
  "he's",
  'hes',
  "she's",
  'shes',
  'is',
  'are',
  "we're",
  'were',
  "they're",
  'theyre',
  'as',
  'both',
  'all',
  'job',
  "job's",
  'jobs',
]);

/** Words that may sit between a cue and the job ("I'm a full-time carer"). */
const SKIPPABLE = new Set([
  'a',
  'an',
  'also',
  'both',
  'all',
  'currently',
  'actually',
  'now',
  'just',
  'still',
  'full-time',
  'part-time',
  'fulltime',
  'parttime',
  'working',
  'work',
  'qualified',
  'trained',
  'self',
]);

const HEAD_SET = new Set(HEADS.filter((h) => !h.includes(' ')));
const MULTI_HEADS = HEADS.filter((h) => h.includes(' ')).map((h) => h.split(' '));

function singular(word: string): string {
  if (HEAD_SET.has(word)) return word;
  if (word.endsWith('ies') && HEAD_SET.has(`${word.slice(0, -3)}y`)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('esses') && HEAD_SET.has(word.slice(0, -2))) return word.slice(0, -2);
  if (word.endsWith('s') && HEAD_SET.has(word.slice(0, -1))) return word.slice(0, -1);
  if (word.endsWith('ves') && HEAD_SET.has(`${word.slice(0, -3)}fe`)) return `${word.slice(0, -3)}fe`;
  return word;
}

function display(tokens: string[]): string {
  const text = tokens.map((t) => DISPLAY[t] ?? t).join(' ');
  return text[0].toUpperCase() + text.slice(1);
}

type Token = { word: string; start: number; end: number };

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /[a-z][a-z'-]*[a-z]|[a-z]/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const word = m[0].toLowerCase().replace(/^self employed$/, 'self-employed');
    tokens.push({ word, start: m.index, end: m.index + m[0].length });
  }
  // "self employed" written as two words is one status.
  for (let i = 0; i < tokens.length - 1; i++) {
    if (tokens[i].word === 'self' && tokens[i + 1].word === 'employed') {
      tokens.splice(i, 2, { word: 'self-employed', start: tokens[i].start, end: tokens[i + 1].end });
    }
  }
  return tokens;
}

function headAt(tokens: Token[], i: number): number {
  for (const multi of MULTI_HEADS) {
    const ok = multi.every((w, k) => {
      const t = tokens[i + k];
      return (
        t !== undefined &&
        (k === multi.length - 1 ? singular(t.word) === w || t.word === `${w}s` : t.word === w)
      );
    });
    if (ok) return multi.length;
  }
  const t = tokens[i];
  return t && HEAD_SET.has(singular(t.word)) ? 1 : 0;
}

function hasCueBefore(tokens: Token[], start: number): boolean {
  // Walk back over "a", "also", "full-time"… to the word that says this is a job.
  for (let k = start - 1; k >= 0 && k >= start - 5; k--) {
    if (CUES.has(tokens[k].word)) return true;
    if (!SKIPPABLE.has(tokens[k].word)) return false;
  }
  return false;
}

/** A status that says the next words are a job ("self-employed electrician", "retired teacher"). */
const STATUS_LEADS = new Set(['self-employed', 'freelance', 'retired']);

/** Words that may open a message before the job ("Hi, nurse here"). */
const OPENERS = new Set([
  'hi',
  'hello',
  'hey',
  'hiya',
  'ok',
  'okay',
  'yes',
  'yeah',
  'yep',
  'so',
  'well',
  'sure',
]);

/**
 * What follows a job that opens a clause: the clause ends, goes on about the job or the pay, or
 * is the pay itself ("nurse 32k", "teacher £40,000").
 */
const AFTER_OPENING_TITLE =
  /^(?:\s*(?:[,.;:!?&+\n-]|$)|\s+(?:and|with|on|earning|earn|making|here|at|for|in|so|but|plus|currently|too|also|both|by trade)\b|\s+(?:£\s?\d|\d[\d,.]*\s?(?:k|grand)\b))/i;

/**
 * A job that opens the message or a clause of it, with no "I'm a" before it: "PhD student with a
 * stipend", "self-employed electrician, about £40k", "NHS nurse and he's a chef".
 */
function opensClause(text: string, tokens: Token[], start: number, end: number): boolean {
  if (!AFTER_OPENING_TITLE.test(text.slice(tokens[end - 1].end))) return false;
  let k = start - 1;
  if (k < 0) return true;
  if (/[.,;!?\n]\s*$/.test(text.slice(tokens[k].end, tokens[start].start))) return true;
  while (k >= 0 && OPENERS.has(tokens[k].word)) k--;
  return k < 0;
}

export type OccupationMatch = { title: string; start: number; end: number };

/**
 * Job titles in the text, in order. With `anywhere` false a title needs a cue before it
 * ("I'm a", "she's a", "both"), unless it can only be a job.
 */
export function findJobTitles(text: string, anywhere: boolean): OccupationMatch[] {
  const tokens = tokenise(text);
  const found: OccupationMatch[] = [];
  let lastEnd = -1;
  let i = 0;
  while (i < tokens.length) {
    // The longest run of modifiers ending in a head, starting here.
    let best = -1;
    let j = i;
    while (j < tokens.length && j - i < 4) {
      const headLength = headAt(tokens, j);
      if (headLength > 0) {
        const next = tokens[j + headLength];
        if (!(next && NOT_AFTER.has(next.word))) best = j + headLength;
        // A head can also modify a later head ("student nurse", "retired teacher").
        if (next && (headAt(tokens, j + headLength) > 0 || MODIFIERS.has(next.word))) {
          j += headLength;
          continue;
        }
        break;
      }
      if (!MODIFIERS.has(tokens[j].word)) break;
      j++;
    }
    if (best === -1) {
      i++;
      continue;
    }
    // "a teacher and a nurse": the second title shares the first one's cue.
    const between = lastEnd >= 0 ? tokens.slice(lastEnd, i).map((t) => t.word) : null;
    const isCoordinated = between?.every((w) => w === 'and' || w === 'a' || w === 'an');
    if (
      anywhere ||
      isCoordinated ||
      hasCueBefore(tokens, i) ||
      STATUS_LEADS.has(tokens[i].word) ||
      opensClause(text, tokens, i, best)
    ) {
      const words = tokens
        .slice(i, best)
        .map((t, k, all) => (k === all.length - 1 ? singular(t.word) : t.word));
      found.push({ title: display(words), start: tokens[i].start, end: tokens[best - 1].end });
      lastEnd = best;
    }
    i = best;
  }
  return found;
}

const SECTORS = `it|tech|technology|finance|banking|insurance|retail|hospitality|healthcare|health|care|
  education|construction|marketing|sales|law|legal|media|advertising|recruitment|property|logistics|
  manufacturing|engineering|pharma|pharmaceuticals|research|admin|administration|government|
  the public sector|the private sector|public sector|private sector|a charity|charity|the nhs|nhs|
  a hospital|hospital|a school|schools|a warehouse|warehousing|a factory|an office|a shop|a bar|a pub|
  a restaurant|a cafe|a hotel|a care home|care homes|a nursery|a bank|a call centre|customer services?|
  telecoms|energy|aviation|transport|events|fashion|beauty|fitness|sport|music|film|tv|theatre|
  accounts|accountancy|hr|it support|software|data|cyber security|security|catering|cleaning|
  farming|agriculture|the city|social care|social work|childcare|the civil service|the council|
  the police|the army|the armed forces|the navy|the raf|a supermarket|a gym|a salon|a lab|a garage|
  a dental practice|a pharmacy|a university|the university|a college|academia`
  .replace(/\s+/g, ' ')
  .split('|')
  .map((s) => s.trim())
  .sort((a, b) => b.length - a.length);

const SECTOR_RE = new RegExp(
  `\\b(works?|working)\\s+(?:full[- ]?time\\s+|part[- ]?time\\s+)?(in|for|at)\\s+(${SECTORS.map((s) => s.replace(/ /g, '\\s+')).join('|')})\\b`,
  'i',
);

/** "work for Amazon", "works at Tesco": a capitalised employer name. */
const EMPLOYER_RE = /\b(works?|working)\s+(for|at)\s+((?:[A-Z][\w&'-]*)(?:\s+[A-Z][\w&'-]*){0,2})/;

/** Employment statuses that count as an answer: "any occupation or status stated". */
const STATUS_PATTERNS: Array<[RegExp, string]> = [
  [/\bself[- ]?employed\b/i, 'Self-employed'],
  [/\bbetween jobs\b/i, 'Between jobs'],
  [/\bout of work\b/i, 'Out of work'],
  [/\bunemployed\b/i, 'Unemployed'],
  [/\b(?:i'?m|i am|we'?re|we are|currently|he'?s|she'?s)\s+(?:currently\s+)?not working\b/i, 'Not working'],
  [/\blooking for (?:a )?(?:work|job)\b/i, 'Looking for work'],
  [/\bjob ?seeker\b/i, 'Jobseeker'],
  [/\bfreelance\b/i, 'Freelance'],
  [
    /\b(?:i'?m|i am|we'?re|we are|he'?s|she'?s|both|all|now|currently)\s+(?:both\s+|all\s+)?retired\b/i,
    'Retired',
  ],
  [
    /\b(?:work(?:ing)?|employed)\s+full[- ]?time\b|\bfull[- ]?time\s+(?:job|work|employment|employee|employed)\b/i,
    'Employed full-time',
  ],
  [
    /\b(?:work(?:ing)?|employed)\s+part[- ]?time\b|\bpart[- ]?time\s+(?:job|work|employment|employee|employed)\b/i,
    'Employed part-time',
  ],
  [
    /\b(?:i'?m|i am|we'?re|we are|both|all)\s+(?:both\s+|all\s+)?(?:in full[- ]time\s+)?employed\b/i,
    'Employed',
  ],
  [/\bin (?:full[- ]time |permanent )?employment\b|\bpermanent (?:contract|job|role)\b/i, 'Employed'],
  [/\b(?:i'?m|i am|we'?re|we are)\s+(?:both\s+|all\s+)?(?:at|in) (?:uni|university|college)\b/i, 'Student'],
];

/** Statuses that bring in no pay: said of a partner, they are not the tenant's occupation. */
const NOT_EARNING = new Set([
  'Between jobs',
  'Out of work',
  'Unemployed',
  'Not working',
  'Looking for work',
  'Jobseeker',
]);
/** Someone other than the tenant, in the clause of a status. */
const OTHER_PERSON =
  /\b(?:he|she|they|he'?s|she'?s|hes|shes|they'?re|partner|husband|hubby|wife|wifey|missus|boyfriend|girlfriend|bf|gf|fianc[eé]e?|other half|spouse|flatmate|friend|son|daughter|brother|sister|mum|dad)\b(?!.*\b(?:i'?m|i am|im|me too|both)\b)/i;

/** The words of a status's own clause before it: "she earns £26k, I'm between jobs" → "I'm". */
function clauseBefore(text: string, at: number): string {
  const before = text.slice(0, at);
  const cut = Math.max(
    ...[...before.matchAll(/[,.;!?]|\b(?:and|but|so|while|whereas)\b/gi)].map(
      (m) => (m.index ?? 0) + m[0].length,
    ),
    0,
  );
  return before.slice(cut);
}

/** "I run my own cleaning business", "we own a café": self-employed, as the tenant put it. */
const OWN_BUSINESS =
  /\b(?:run|runs|running|own|owns)\s+(?:my|our|his|her|their|a|an)\s+(?:own\s+)?((?:[a-z-]+\s+){0,2}?(?:business|company|firm|shop|salon|cafe|café|restaurant|practice|agency|consultancy))\b/i;

/** Never an occupation here: working from home says nothing about the job. */
const WORK_FROM_HOME = /\bwork(?:s|ing)?\s+(?:from|at)\s+home\b/gi;

/**
 * Occupations and statuses stated in the text, joined as they would be written on a lead
 * ("Teacher and electrician"). With `asked` true a plain job title counts without "I'm a".
 */
export function findOccupations(rawText: string, asked: boolean): string[] {
  const text = rawText.replace(WORK_FROM_HOME, ' ');
  const found: Array<{ title: string; start: number }> = [];
  for (const m of findJobTitles(text, asked)) found.push({ title: m.title, start: m.start });
  const sector = SECTOR_RE.exec(text);
  if (sector) {
    const place = sector[3].toLowerCase().replace(/\s+/g, ' ');
    const shown = place
      .split(' ')
      .map((w) => DISPLAY[w] ?? w)
      .join(' ');
    found.push({ title: `Works ${sector[2].toLowerCase()} ${shown}`, start: sector.index });
  } else {
    const employer = EMPLOYER_RE.exec(text);
    if (employer && !/^(?:I|The|A|An|My|Home)$/.test(employer[3].split(' ')[0])) {
      found.push({ title: `Works ${employer[2].toLowerCase()} ${employer[3]}`, start: employer.index });
    }
  }
  const business = OWN_BUSINESS.exec(text);
  if (business) found.push({ title: `Runs own ${business[1].toLowerCase()}`, start: business.index });
  for (const [re, title] of STATUS_PATTERNS) {
    const m = re.exec(text);
    // "he's between jobs so just mine": someone else without work says nothing of the tenant's.
    if (m && NOT_EARNING.has(title) && OTHER_PERSON.test(clauseBefore(text, m.index) + m[0])) continue;
    if (m) found.push({ title, start: m.index });
  }
  found.sort((a, b) => a.start - b.start);
  const titles: string[] = [];
  for (const { title } of found) {
    const lower = title.toLowerCase();
    // Keep the more specific of overlapping answers ("PhD student" over "Student").
    const overlapping = titles.findIndex(
      (t) => t.toLowerCase().includes(lower) || lower.includes(t.toLowerCase()),
    );
    if (overlapping === -1) titles.push(title);
    else if (lower.length > titles[overlapping].length) titles[overlapping] = title;
  }
  // A status the title already says ("Self-employed plumber") is not repeated.
  return titles;
}
