/** Buttons for answers with few likely values; each sends its own text. */
export function QuickReplies({
  replies,
  isDisabled,
  onPick,
}: {
  replies: string[];
  isDisabled: boolean;
  onPick: (reply: string) => void;
}) {
  if (replies.length === 0) return null;
  return (
    <ul aria-label="Suggested replies" className="flex flex-wrap gap-2">
      {replies.map((reply) => (
        <li key={reply}>
          <button
            type="button"
            disabled={isDisabled}
            onClick={() => onPick(reply)}
            className="min-h-10 rounded-full border border-primary/40 bg-background px-3.5 py-1.5 text-sm font-medium text-primary transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-50"
          >
            {reply}
          </button>
        </li>
      ))}
    </ul>
  );
}
