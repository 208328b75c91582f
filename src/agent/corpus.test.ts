import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CorpusReport, formatReport, runCorpus } from '#tests/corpus/run.ts';
import { createGuidedEngine, lastQuestionOf } from './dialogue.ts';
import { CLOSING_SENTENCE } from './types.ts';

/** Words that would mean the agent asked about a protected characteristic. */
const PROTECTED =
  /\b(how old|your age|children|kids|pregnan\w*|nationality|religio\w*|disab\w*|benefits|married)\b/i;

let report: CorpusReport;

beforeAll(async () => {
  report = await runCorpus(createGuidedEngine());
}, 30_000);

afterAll(() => {
  console.log(formatReport(report));
});

describe('the tenant corpus through the guided agent', () => {
  // The pass marks are the figures measured (tests/corpus/README.md): any regression fails.
  test('has every conversation written so far', () => {
    expect(report.cases.length).toBeGreaterThanOrEqual(262);
  });

  test('reads every field right', () => {
    const wrong = report.cases.flatMap((c) => c.mismatches.map((m) => `${c.id}: ${m.field}`));
    expect(wrong).toEqual([]);
    expect(report.fieldAccuracy).toBe(1);
  });

  test('scores every conversation exactly and finishes each as expected (a lead per tenant)', () => {
    const problems = report.cases.flatMap((c) => c.problems.map((p) => `${c.id}: ${p}`));
    expect(problems).toEqual([]);
    expect(report.scoreAccuracy).toBe(1);
    expect(report.completionAccuracy).toBe(1);
  });

  test('never asks about a protected characteristic', () => {
    for (const c of report.cases) {
      const agentLines = c.transcript.filter((line) => line.startsWith('AI: '));
      // Questions only: the agent may say that families and benefits are welcome.
      const asked = agentLines.flatMap((line) => line.split(/(?<=[.!?])\s+/).filter((s) => s.endsWith('?')));
      for (const question of asked) expect(question, c.id).not.toMatch(PROTECTED);
    }
  });

  test('no two consecutive replies end with the same question', () => {
    for (const c of report.cases) {
      const asked = c.transcript
        .filter((line) => line.startsWith('AI: '))
        .map((line) => lastQuestionOf(line.replace(/ \[[^\]]*\]$/, '')));
      for (let i = 1; i < asked.length; i++) {
        if (asked[i] !== null) expect(asked[i], `${c.id}, reply ${i}`).not.toBe(asked[i - 1]);
      }
    }
  });

  test('every finished conversation ends with the closing sentence', () => {
    for (const c of report.cases.filter((r) => r.isComplete)) {
      const lastReply = c.transcript[c.transcript.length - 1];
      expect(lastReply.endsWith(CLOSING_SENTENCE), c.id).toBe(true);
    }
  });
});
