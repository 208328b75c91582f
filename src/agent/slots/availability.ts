import { isRentProposal } from '../questions.ts';
import { hasOtherAnswer, isOnlyIntent, isRefused, MOVE_CUE, type Reading, VIEW_CUE } from '../reading.ts';
import { capitalise, normalise, splitSentences, words } from '../text.ts';
import { answerText, nullableText, type SlotSpec, summaryLine, textDisplay } from './spec.ts';

/** Words of a request or a thing, never of when to view: "parking for my work van". */
const NOT_AVAILABILITY = /\b(?:parking|park|van|car|vehicle|pets?|dogs?|cats?|rent|deposit|bills?|garden)\b/i;

export const TIME_WORDS =
  /\b(?:weekdays?|weekends?|evenings?|mornings?|afternoons?|lunch(?:time)?s?|nights?|days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|today|tomorrow|tonight|week|any ?time|flexible|after|before|\d{1,2}(?::\d{2})?\s*(?:am|pm)|noon|midday|(?:after|before|around|outside|finish|off) work|work hours|whenever|anytime|asap|free|christmas|easter|new year|holidays?|half[- ]term|bank holiday|\d{1,2}(?::\d{2})?\s*(?:ish|onwards))\b/i;

function expandAbbreviations(text: string): string {
  return text
    .replace(/\bwk ?ends?\b|\bwknds?\b|\bw\/e\b/gi, (m) => (/s$/i.test(m) ? 'weekends' : 'weekend'))
    .replace(/\bwk ?days?\b/gi, (m) => (/s$/i.test(m) ? 'weekdays' : 'weekday'))
    .replace(/\beves\b/gi, 'evenings')
    .replace(/\beve\b/gi, 'evening')
    .replace(/\barvo\b/gi, 'afternoon');
}

export function tidyAvailability(text: string): string {
  let t = expandAbbreviations(text).replace(/\s+/g, ' ').trim();
  const leading = [
    /^(?:hi|hello|ok|okay|sure|yes|yeah|great)[\s,!.]+/i,
    /^(?:i'?m|i am|we'?re|we are)\s+(?:usually\s+|normally\s+|generally\s+)?(?:free|available|around|about)\b\s*(?:on|at|in|for)?\s*/i,
    /^(?:i'?m|i am|we'?re|we are)\s+/i,
    /^(?:i|we)\s+(?:can|could|would)\s+(?:do|make|view|come|manage)(?:\s+it)?\s*(?:on|at|in)?\s*/i,
    /^(?:i|we)\s+(?:can|could)\s+/i,
    /^(?:probably|ideally|usually|generally|normally|preferably|maybe|perhaps|honestly)\s+/i,
    /^(?:the\s+)?best (?:time\s+)?(?:for (?:me|us)\s+)?(?:is|would be)\s+/i,
    /^(?:free|available)\s+(?:on|at|in)?\s*/i,
  ];
  const trailing =
    /[\s,.-]*(?:please|pls|if possible|if that'?s ok(?:ay)?|if that works|ideally|thanks|thank you|cheers|really|tbh|are best(?: for (?:me|us))?|is best(?: for (?:me|us))?|works? best(?: for (?:me|us))?|would be (?:best|good|great|ideal|perfect)|suits? (?:me|us)(?: best)?|whatever suits(?: you)?|whenever suits(?: you)?|for (?:me|us)|are good|is good|are fine|is fine|work for (?:me|us))[.!]*$/i;
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of leading) {
      const next = t.replace(re, '');
      if (next !== t) {
        t = next;
        changed = true;
      }
    }
    const next = t.replace(trailing, '');
    if (next !== t) {
      t = next;
      changed = true;
    }
  }
  return capitalise(t.replace(/[\s,.;!]+$/, '').trim());
}

/**
 * When the tenant can view: "weekday evenings", "this Saturday", "tomorrow after 5", "weekends".
 * Unasked, only a sentence about viewing counts ("we can view any weekend").
 */
export function parseAvailability(text: string, options: { asked: boolean }): string | null {
  const clean = normalise(text);
  if (!clean) return null;
  if (!options.asked) {
    for (const sentence of splitSentences(clean)) {
      const cue = VIEW_CUE.exec(sentence);
      if (!cue) continue;
      const after = sentence
        .slice(cue.index + cue[0].length)
        .replace(/^\s*(?:it|the (?:flat|house|property|place))?\s*(?:on|at|in|from)?\s*/i, '');
      if (after && TIME_WORDS.test(after)) return tidyAvailability(after);
    }
    return null;
  }
  // "wkends, also need somewhere for my work van": only the clauses that say when.
  const clauses = clean.split(/\s*[,;]\s*|\s+(?:also|but|plus)\s+/i).filter((c) => c.trim().length > 0);
  const timed = clauses.filter(
    (c) => TIME_WORDS.test(expandAbbreviations(c)) || /\b\d{1,2}(?:[:.]\d{2})?\b/.test(c),
  );
  const said =
    timed.length > 0 ? timed.join(', ') : clauses.length === 1 && words(clean).length <= 4 ? clean : '';
  if (!said || NOT_AVAILABILITY.test(said)) return null;
  const tidy = tidyAvailability(said);
  if (!tidy || words(tidy).length > 15) return null;
  if (/^(?:yes|yeah|yep|no|nope|ok|okay|sure|thanks|thank you|hi|hello)$/i.test(tidy)) return null;
  return tidy;
}

/** When the tenant can view, in their words; not asked when free viewing slots are offered instead. */

function readAvailability(r: Reading): void {
  if (isRefused(r, 'availability') || isRentProposal(r.statements)) return;
  const { statements, result } = r;
  const viewingQuestion = r.split.questions.find((q) => q.topics.includes('viewing'));
  const askedAvailability = r.asking === 'availability' && !hasOtherAnswer(result);
  const availability =
    parseAvailability(statements, { asked: askedAvailability && statements.length > 0 }) ??
    (viewingQuestion ? parseAvailability(viewingQuestion.text, { asked: false }) : null);
  if (availability && (askedAvailability || !isOnlyIntent(statements)))
    result.updates.availability = availability;
}

/** "i work nights", "we do shifts", "on nights atm": the tenant's hours at work, not a time to view. */
const WORK_HOURS =
  /\b(?:(?:i|we|he|she|they)\s+(?:(?:usually|normally|mostly|often|only)\s+)?(?:work\b(?!\s+(?:from|at)\s+home)|do\s+(?:nights|lates|earlies|shifts|night shifts))|work(?:ing)?\s+(?:nights|days|lates|earlies|shifts|weekends|full[- ]?time|part[- ]?time)|(?:night|day|late|early)\s+shifts?|on\s+(?:nights|days|lates|earlies)\b)/i;

/**
 * A short reply with a time in it, and not about moving nor the tenant's hours at work ("i work
 * nights, can i call later"), answers it when something else was asked.
 */
function availabilityAside(statements: string): string | null {
  return TIME_WORDS.test(statements) && !MOVE_CUE.test(statements) && !WORK_HOURS.test(statements)
    ? parseAvailability(statements, { asked: true })
    : null;
}

/** "Viewing" on the Live tab and in the summary once booked, "Viewing availability" spelt out. */
const display = textDisplay('availability', {
  label: 'Viewing',
  longLabel: 'Viewing availability',
  header: 'Availability',
});

export const availabilitySlot = {
  label: 'viewing availability',
  words: /\b(viewings?|availability|view)\b/i,
  cue: /\bview(?:ing)?\b|free to (?:come|see)/,
  why: 'I ask so the team can arrange a viewing at a time that suits you.',
  questions: [
    'Last one: when would suit you for a viewing? For example weekday evenings or weekends.',
    'Finally, when are you usually free for a viewing? Weekday evenings, weekends, or something more specific?',
  ],
  shortQuestions: ['And when could you come for a viewing?', 'So, when are you free for a viewing?'],
  quickReplies: ['Weekday evenings', 'Weekends'],
  describe: ({ availability }) => (availability ? `your viewing availability (${availability})` : null),
  summaryLine: ({ availability }, { state, booksViewing }) =>
    state.viewing?.booked
      ? summaryLine(display.label, availability)
      : availability !== null || !booksViewing
        ? summaryLine(display.longLabel, availability)
        : null,
  lead: ({ availability }) => ({ availability }),
  llm: { availability: nullableText.describe('When the tenant can come to a viewing, in their words.') },
  valid: (availability) => answerText(availability),
  parse: { read: readAvailability, aside: availabilityAside },
  display,
} satisfies SlotSpec<'availability'>;
