/*
 * What the tenant sees while the model writes. Pieces are passed on a word at a time, a few words
 * behind the model, except that a sentence which might ask about a protected characteristic, or
 * say the closing words early (the chat page saves the conversation when it sees them), is held
 * until it ends and then shown or dropped. The reply the engine returns is checked again as a
 * whole and is the one stored.
 */

export const PROTECTED_QUESTION =
  /\b(how old|your age|date of birth|children|kids|pregnan\w*|expecting|nationality|citizenship|religio\w*|disab\w*|benefits|universal credit|married|marital)\b[^.!?]*\?/i;

export const CLOSING_PHRASE =
  /[^.!?]*(?:we will be in touch to book the viewing|thank you for confirming the information|have a great day)[^.!?]*[.!?]?/gi;

/** Words that start such a sentence: it is held back from the first of them to its end. */
const HOLD =
  /\b(?:thank|we will|touch|great day|how old|age\b|birth|child|kids?\b|pregnan|expecting|nationalit|citizen|religio|disab|benefit|universal credit|married|marital)/i;

/**
 * Words are passed on this many behind the newest, so that a sentence is held before its first
 * word is shown when a word to hold for comes early in it ("Do you have any children?").
 */
const LAG_WORDS = 4;

/** A sentence ends at . ! or ? followed by white space, or at a line break. */
const SENTENCE_END = /[.!?]+(?=\s)|\n/;

export type ReplyGuard = {
  /** A piece of the model's text as it arrives. */
  push: (piece: string) => void;
  /** The model has finished: the last sentence is settled. */
  finish: () => void;
  /** Passes text on as is (the closing sentence the engine adds). */
  say: (text: string) => void;
  /** Whether anything was passed on. */
  hasSpoken: () => boolean;
};

export function createReplyGuard(onDelta: ((delta: string) => void) | undefined): ReplyGuard {
  let sentence = '';
  let shown = 0;
  let isStopped = false;
  let hasSpoken = false;

  const say = (text: string) => {
    if (!text || isStopped) return;
    hasSpoken = true;
    onDelta?.(text);
  };
  /** A whole sentence: shown (the part not shown yet), dropped, or the end of what is shown. */
  const settle = (whole: string) => {
    if (PROTECTED_QUESTION.test(whole)) {
      isStopped = true;
      return;
    }
    CLOSING_PHRASE.lastIndex = 0;
    if (!CLOSING_PHRASE.test(whole)) say(whole.slice(shown));
  };

  return {
    push: (piece) => {
      if (isStopped) return;
      sentence += piece;
      for (let end = sentence.search(SENTENCE_END); end >= 0; end = sentence.search(SENTENCE_END)) {
        const length = end + (sentence.slice(end).match(SENTENCE_END)?.[0].length ?? 1);
        settle(sentence.slice(0, length));
        sentence = sentence.slice(length);
        shown = 0;
      }
      if (HOLD.test(sentence)) return;
      const words = [...sentence.matchAll(/\S+\s+/g)];
      const last = words[words.length - 1 - LAG_WORDS];
      const upTo = last ? (last.index ?? 0) + last[0].length : 0;
      if (upTo > shown) {
        say(sentence.slice(shown, upTo));
        shown = upTo;
      }
    },
    finish: () => {
      if (sentence && !isStopped) settle(sentence);
      sentence = '';
      shown = 0;
    },
    say,
    hasSpoken: () => hasSpoken,
  };
}
