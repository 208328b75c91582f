import { chosenProperty, emptyFields } from '#agent/dialogue.ts';
import { scoreLead } from '#agent/score.ts';
import { llmFieldShape } from '#agent/slots/index.ts';
import type { AgentContext, ConversationEngine, ExtractedFields } from '#agent/types.ts';
import { agencyLinkCases } from './agency-link.ts';
import { blindCases } from './blind.ts';
import { type CaseFields, type CorpusCase, corpusToday } from './case.ts';
import { agencyLink, contextForTurn, playChat, propertyLink } from './chat.ts';
import { linkProperties } from './fixtures.ts';
import { hardCases } from './hard.ts';
import { harderCases } from './harder.ts';
import { messyCases } from './messy.ts';
import { openerCases } from './openers.ts';
import { phoneStyleCases } from './phone-style.ts';
import { propertyLinkCases } from './property-link.ts';

/** The batches in the order they were written; each blind batch's first run is in README.md. */
export const batches: Array<{ name: string; cases: CorpusCase[] }> = [
  { name: 'property-link', cases: propertyLinkCases },
  { name: 'agency-link', cases: agencyLinkCases },
  { name: 'hard', cases: hardCases },
  { name: 'blind', cases: blindCases },
  { name: 'phone-style', cases: phoneStyleCases },
  { name: 'harder', cases: harderCases },
  { name: 'messy', cases: messyCases },
  { name: 'openers', cases: openerCases },
];

export const corpus: CorpusCase[] = batches.flatMap((b) => b.cases);

/** The fields a case expects: the model's fields, from the question registry, in slot order. */
export const FIELD_NAMES = Object.keys(llmFieldShape()) as Array<keyof CaseFields>;

const TEXT_FIELDS = new Set<keyof CaseFields>(['profession', 'availability', 'moveInText']);

/** The engine's fields as a case states them: the move-in's date and words apart. */
export function caseFields({ moveIn, ...fields }: ExtractedFields): CaseFields {
  return { ...fields, moveInDate: moveIn?.date ?? null, moveInText: moveIn?.text ?? null };
}

export function contextFor(c: CorpusCase): AgentContext {
  const property = c.linkPropertyId ? linkProperties.find((p) => p.id === c.linkPropertyId) : undefined;
  return property ? propertyLink(property, c.today) : agencyLink(c.today);
}

function stem(word: string): string {
  return word.replace(/(?:es|s)$/, '');
}

function textWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(stem);
}

/**
 * Free-text fields match when every expected word appears (plurals aside) and the value is not
 * padded with much else; other fields must be equal.
 */
export function matchesExpected(field: keyof CaseFields, expected: unknown, actual: unknown): boolean {
  if (expected === null || actual === null || !TEXT_FIELDS.has(field)) return expected === actual;
  const want = textWords(String(expected));
  const got = textWords(String(actual));
  return want.every((w) => got.includes(w)) && got.length <= want.length + 5;
}

export type CaseResult = {
  id: string;
  fields: ExtractedFields;
  mismatches: Array<{ field: keyof CaseFields; expected: unknown; actual: unknown }>;
  score: number;
  expectedScore: number;
  isComplete: boolean;
  problems: string[];
  transcript: string[];
};

export async function runCase(engine: ConversationEngine, c: CorpusCase): Promise<CaseResult> {
  const replies = await playChat(contextFor(c), c.messages, { engine });
  const { state, isComplete } = replies[replies.length - 1];
  const transcript = [`AI: ${replies[0].reply}`];
  c.messages.forEach((message, i) => {
    const turn = replies[i + 1];
    transcript.push(
      `TENANT: ${message}`,
      `AI: ${turn.reply}${turn.quickReplies.length ? ` [${turn.quickReplies.join(' | ')}]` : ''}`,
    );
  });
  const expectedFields: CaseFields = {
    ...caseFields(emptyFields()),
    propertyId: c.linkPropertyId,
    ...c.expected.fields,
  };
  const actualFields = caseFields(state.fields);
  const mismatches = FIELD_NAMES.filter((f) => !matchesExpected(f, expectedFields[f], actualFields[f])).map(
    (field) => ({
      field,
      expected: expectedFields[field],
      actual: actualFields[field],
    }),
  );
  const context = contextForTurn(contextFor(c), state);
  const { score } = scoreLead({
    fields: state.fields,
    property: chosenProperty(context, state.fields),
    today: c.today ?? corpusToday,
  });
  const problems: string[] = [];
  if (score !== c.expected.score) problems.push(`score ${score}, expected ${c.expected.score}`);
  if (isComplete !== c.expected.isComplete)
    problems.push(`isComplete ${isComplete}, expected ${c.expected.isComplete}`);
  if (c.expected.refused) {
    const missing = c.expected.refused.filter((s) => !state.refused.includes(s));
    if (missing.length > 0) problems.push(`not refused: ${missing.join(', ')}`);
  }
  if (c.expected.openQuestions !== undefined && state.openQuestions.length !== c.expected.openQuestions) {
    problems.push(`open questions ${state.openQuestions.length}, expected ${c.expected.openQuestions}`);
  }
  return {
    id: c.id,
    fields: state.fields,
    mismatches,
    score,
    expectedScore: c.expected.score,
    isComplete,
    problems,
    transcript,
  };
}

export type CorpusReport = {
  cases: CaseResult[];
  perField: Array<{ field: keyof CaseFields; correct: number; total: number }>;
  perBatch: Array<{ name: string; conversations: number; fieldAccuracy: number; scoreAccuracy: number }>;
  fieldAccuracy: number;
  scoreAccuracy: number;
  completionAccuracy: number;
};

export async function runCorpus(engine: ConversationEngine): Promise<CorpusReport> {
  const cases: CaseResult[] = [];
  for (const c of corpus) cases.push(await runCase(engine, c));
  const perField = FIELD_NAMES.map((field) => ({
    field,
    correct: cases.filter((r) => !r.mismatches.some((m) => m.field === field)).length,
    total: cases.length,
  }));
  const correct = perField.reduce((s, f) => s + f.correct, 0);
  const total = perField.reduce((s, f) => s + f.total, 0);
  const perBatch = batches.map((batch) => {
    const ids = new Set(batch.cases.map((c) => c.id));
    const results = cases.filter((r) => ids.has(r.id));
    const wrong = results.reduce((s, r) => s + r.mismatches.length, 0);
    return {
      name: batch.name,
      conversations: results.length,
      fieldAccuracy: 1 - wrong / (results.length * FIELD_NAMES.length),
      scoreAccuracy: results.filter((r) => r.score === r.expectedScore).length / results.length,
    };
  });
  return {
    cases,
    perField,
    perBatch,
    fieldAccuracy: correct / total,
    scoreAccuracy: cases.filter((r) => r.score === r.expectedScore).length / cases.length,
    completionAccuracy:
      cases.filter((r) => !r.problems.some((p) => p.startsWith('isComplete'))).length / cases.length,
  };
}

function percent(n: number): string {
  return `${(n * 100).toFixed(1)}%`;
}

export function formatReport(report: CorpusReport, options: { verbose?: boolean } = {}): string {
  const lines = [`Corpus: ${report.cases.length} conversations`, '', 'field            correct  accuracy'];
  for (const f of report.perField) {
    lines.push(
      `${f.field.padEnd(16)} ${`${f.correct}/${f.total}`.padStart(7)}  ${percent(f.correct / f.total).padStart(8)}`,
    );
  }
  lines.push('', 'batch          conversations  fields  exact score');
  for (const b of report.perBatch) {
    lines.push(
      `${b.name.padEnd(16)} ${String(b.conversations).padStart(11)}  ${percent(b.fieldAccuracy).padStart(6)}  ${percent(b.scoreAccuracy).padStart(11)}`,
    );
  }
  lines.push(
    '',
    `All fields: ${percent(report.fieldAccuracy)}`,
    `Exact score: ${percent(report.scoreAccuracy)}`,
    `Completed as expected: ${percent(report.completionAccuracy)}`,
  );
  const failing = report.cases.filter((c) => c.mismatches.length > 0 || c.problems.length > 0);
  if (failing.length > 0) {
    lines.push('', 'Differences:');
    for (const c of failing) {
      const diffs = c.mismatches.map(
        (m) => `${m.field}: got ${JSON.stringify(m.actual)}, want ${JSON.stringify(m.expected)}`,
      );
      lines.push(`  ${c.id}: ${[...diffs, ...c.problems].join('; ')}`);
      if (options.verbose) lines.push(...c.transcript.map((t) => `      ${t.replace(/\n/g, '\n      ')}`));
    }
  }
  return lines.join('\n');
}
