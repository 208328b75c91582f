import { isThanksOnly } from '#agent/text.ts';

/**
 * What a tenant means by their answer to "Reply YES to confirm or CHANGE to pick another time",
 * in their own words: "yep", "👍", "can't make it", "something came up", "can we do later?",
 * "need to cancel". Null when it is none of these: the agency reads it.
 *
 * Asking to cancel wins over changing, and changing over confirming, so "yes, but I can't make
 * it" moves the viewing rather than confirming it. A message that only thanks ("thanks!", "cool
 * cheers") is 'thanks': nothing for the agency to answer. A bare opt-out word (STOP, CANCEL alone) never
 * reaches here: the channel treats it as an opt-out first.
 */
export type ViewingReplyIntent = 'confirm' | 'change' | 'cancel' | 'thanks';

const CANCEL = [
  /\bcancel+(ed|led|ing)?\b/,
  /\bcall (it )?off\b/,
  /\bno longer (interested|need|looking|want)/,
  /\bnot (interested|looking) any ?more\b/,
  /\b(found|taken|got) (a|another|somewhere|something)( else)?\b.*\b(place|flat|house|home|property|else)\b/,
  /\bdon'?t (need|want) (it|the viewing|to view)/,
];

const CHANGE = [
  /\b(can'?t|cannot|can not|won'?t|unable to|not able to|couldn'?t|wont|cant) (make|come|attend|do|get there|be there)/,
  /\bsomething('?s| has)? (came|come) up\b/,
  /\b(change|reschedule|re-schedule|rearrange|re-arrange|move|postpone|swap)\b/,
  /\b(another|different|other|later|earlier|new) (time|day|date|slot)\b/,
  /\b(later|earlier|tomorrow instead|next week)\b/,
  /^(no|nope|nah|no sorry|sorry no)\b/,
];

const CONFIRM = [
  /^(y|ya|yes+|yeah|yea|yep|yup|yh|ok|okay|k|sure|confirm(ed)?|definitely|absolutely|of course|certainly|great|perfect|fine|correct|sounds good)\b/,
  /\bsee you (then|there|tomorrow|soon)\b/,
  /\b(i'?ll|i will|we'?ll|we will) be there\b/,
  /\b(still|definitely) (coming|on)\b/,
  /\blooking forward\b/,
  /^(👍|✅|👌|🙂|😊|👍🏻|👍🏼|👍🏽|👍🏾|👍🏿)/u,
];

/** The intent of a tenant's reply, or null when it is none of confirm, change, cancel or thanks. */
export function readViewingReply(text: string): ViewingReplyIntent | null {
  const said = text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[!?.,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (said.length === 0) return null;
  if (CANCEL.some((pattern) => pattern.test(said))) return 'cancel';
  if (CHANGE.some((pattern) => pattern.test(said))) return 'change';
  if (CONFIRM.some((pattern) => pattern.test(said))) return 'confirm';
  if (isThanksOnly(said)) return 'thanks';
  return null;
}
