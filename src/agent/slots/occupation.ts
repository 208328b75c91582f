import { findOccupations } from '../occupations.ts';
import { hasOtherAnswer, isRefused, type Reading } from '../reading.ts';
import { capitalise, normalise, words } from '../text.ts';
import { TIME_WORDS } from './availability.ts';
import { answerText, nullableText, type SlotSpec, summaryLine, textDisplay } from './spec.ts';

/**
 * Occupation or status: "nurse", "software engineer", "self-employed", "retired", "student",
 * "works in IT". Several earners are joined ("Teacher and electrician").
 */
export function parseOccupation(
  text: string,
  options: { asked: boolean; isStrict?: boolean },
): string | null {
  const clean = normalise(text);
  const titles = findOccupations(clean, options.asked);
  if (titles.length > 0) return joinTitles(titles);
  if (!options.asked || options.isStrict) return null;
  // "he's between jobs so just mine": about someone else, not the tenant's own work.
  if (
    /^(?:he|she|they|he'?s|she'?s|hes|shes|they'?re|my (?:partner|husband|wife|boyfriend|girlfriend|other half))\b/i.test(
      clean.trim(),
    )
  )
    return null;
  // Asked and not in the vocabulary: take a short answer as written ("Sales", "I do admin").
  const bare = clean
    .replace(/^(?:i'?m|i am|we'?re|we are|he'?s|she'?s)\s+(?:both\s+|all\s+)?(?:an?\s+)?/i, '')
    .replace(/^(?:i|we)\s+(?:both\s+|all\s+)?(?:work|do)\s+(?:as\s+)?(?:an?\s+)?/i, '')
    .replace(/^(?:my job is|job:?|occupation:?)\s+(?:an?\s+)?/i, '')
    .replace(/^(?:both|all)\s+/i, '')
    .replace(/[.!]+$/, '')
    .trim();
  const count = words(bare).length;
  if (count === 0 || count > 5 || /\d|@/.test(bare)) return null;
  if (/^(?:name|email|e-mail|phone|mobile|number|tel)\b/i.test(bare) || TIME_WORDS.test(bare)) return null;
  if (/^(?:yes|no|ok|okay|sure|same|n\/a|none|nothing|idk)$/i.test(bare)) return null;
  return capitalise(bare);
}

function joinTitles(titles: string[]): string {
  const lowered = titles.map((t, i) =>
    i === 0 ? t : /^[A-Z]{2}|^PhD/.test(t) ? t : t[0].toLowerCase() + t.slice(1),
  );
  if (lowered.length === 1) return lowered[0];
  return `${lowered.slice(0, -1).join(', ')} and ${lowered[lowered.length - 1]}`;
}

/** A job title or a status (employed, self-employed, student, retired). */

function readOccupation(r: Reading): void {
  if (isRefused(r, 'profession')) return;
  const occupation = parseOccupation(r.statements, {
    asked: r.asking === 'profession' && !hasOtherAnswer(r.result),
  });
  if (occupation) r.result.updates.profession = occupation;
}

/** "Occupation" to the agency, "Profession" in the CSV. */
const display = textDisplay('profession', { label: 'Occupation', header: 'Profession' });

export const occupationSlot = {
  label: 'occupation',
  words: /\b(job|occupation|profession|what i do|employer|work)\b/i,
  cue: /\boccupation|for work|your job|do you do\b/,
  why: 'Landlords ask about work or study when they take references, so it helps the team prepare your application.',
  questions: [
    'What do you do for work? A job title is perfect, or a status such as employed, self-employed, student or retired.',
    "And what's your occupation? A job title, or a status like self-employed, student or retired, is fine.",
  ],
  shortQuestions: ['And what do you do for work?', 'So, what is your occupation?'],
  offersSkip: true,
  describe: ({ profession }) => (profession ? `your occupation (${profession})` : null),
  summaryLine: ({ profession }) => summaryLine(display.label, profession),
  lead: ({ profession }) => ({ profession }),
  llm: { profession: nullableText },
  valid: (profession) => answerText(profession),
  parse: {
    read: readOccupation,
    // Only a job or status the vocabulary knows ("Dental nurse") answers it unasked.
    aside: (statements) => parseOccupation(statements, { asked: true, isStrict: true }),
  },
  display,
} satisfies SlotSpec<'profession'>;
