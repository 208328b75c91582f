import { CheckIcon, MessageCircleQuestionIcon } from 'lucide-react';
import { useState } from 'react';
import type { PassedOnQuestion } from '#shared/schemas/leads.ts';
import { useAnswerQuestion, useFailureToast } from '#web/components/dashboard/dashboard-api.ts';
import { cn } from '#web/lib/utils.ts';

/** "2 questions passed on, 1 not answered yet": what the marker says to a screen reader. */
export function questionsLabel(questions: PassedOnQuestion[]): string {
  const open = questions.filter((q) => !q.answered).length;
  const passed = `${questions.length} ${questions.length === 1 ? 'question' : 'questions'} passed on`;
  if (open === 0) return `${passed}, all answered`;
  return `${passed}, ${open} not answered yet`;
}

/**
 * Beside a lead's name: how many questions the assistant passed on that the agent has not
 * answered yet (a tick once they all are). Nothing when there were none.
 */
export function QuestionsMarker({ questions }: { questions: PassedOnQuestion[] }) {
  if (questions.length === 0) return null;
  const open = questions.filter((q) => !q.answered).length;
  const label = questionsLabel(questions);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums',
        open > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-600',
      )}
    >
      <MessageCircleQuestionIcon aria-hidden="true" className="size-3.5" />
      {open > 0 ? open : <CheckIcon aria-hidden="true" className="size-3" />}
    </span>
  );
}

type PassedOnQuestionsProps = {
  companyId: string;
  leadId: string;
  questions: PassedOnQuestion[];
};

/** The side panel's list: each question the assistant passed on, with a box to tick it answered. */
export function PassedOnQuestions({ companyId, leadId, questions }: PassedOnQuestionsProps) {
  const answer = useAnswerQuestion(companyId);
  const toastFailure = useFailureToast();
  // The box follows the click at once (a controlled checkbox would otherwise spring back until
  // the cache changes); the server's answer then takes over.
  const [ticking, setTicking] = useState<Record<number, boolean>>({});
  return (
    <ul className="grid gap-2">
      {questions.map((question, index) => {
        const id = `question-${leadId}-${index}`;
        return (
          // The list never changes order: a question's place in it is what the server keeps.
          <li key={id} className="flex items-start gap-3 rounded-md border border-border p-3">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              checked={ticking[index] ?? question.answered}
              onChange={(event) => {
                const answered = event.target.checked;
                setTicking((current) => ({ ...current, [index]: answered }));
                answer.mutate(
                  { leadId, index, answered },
                  {
                    onError: (error) => toastFailure(error, 'Failed to update the question'),
                    onSettled: () => setTicking(({ [index]: _settled, ...rest }) => rest),
                  },
                );
              }}
            />
            <label
              htmlFor={id}
              className={cn(
                'text-sm break-words',
                (ticking[index] ?? question.answered) && 'text-muted-foreground line-through',
              )}
            >
              {question.text}
            </label>
          </li>
        );
      })}
    </ul>
  );
}
