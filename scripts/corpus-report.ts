import { createGuidedEngine } from '#agent/dialogue.ts';
import { formatReport, runCorpus } from '#tests/corpus/run.ts';

/** Prints the guided agent's field-by-field accuracy on the tenant corpus (`npm run corpus`). */
const verbose = process.argv.includes('--verbose');
const report = await runCorpus(createGuidedEngine());
console.log(formatReport(report, { verbose }));
