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
  test('has at least 60 conversations', () => {
    expect(report.cases.length).toBeGreaterThanOrEqual(60);
  });

  test('reads at least 95% of all fields right', () => {
    expect(report.fieldAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  test('scores at least 90% of the conversations exactly', () => {
    expect(report.scoreAccuracy).toBeGreaterThanOrEqual(0.9);
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
