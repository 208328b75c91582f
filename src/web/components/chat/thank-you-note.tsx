import { CircleCheck } from 'lucide-react';
import type { BookedViewing } from '#shared/schemas/viewings.ts';

/**
 * Under an ended chat: the request went to the agency, and either the viewing the assistant
 * booked (with its manage link) or that the agency will be in touch to book one.
 */
export function ThankYouNote({
  companyName,
  viewing,
  onNewChat,
}: {
  companyName: string;
  viewing: BookedViewing | null;
  onNewChat: () => void;
}) {
  return (
    <div
      className="mx-auto mt-6 max-w-md rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-center"
      role="status"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-8 text-emerald-700" />
      <p className="mt-2 font-semibold text-emerald-900">Thank you, your request has been sent</p>
      {viewing ? (
        <>
          <p className="mt-1 text-sm text-emerald-900">
            {companyName} has your details. Your viewing is booked for {viewing.label}.
          </p>
          {/* On a line of its own and 40 px tall: inside the sentence it was a 16 px strip to tap. */}
          <a
            href={viewing.manageUrl}
            className="mt-2 inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Change or cancel your viewing
          </a>
        </>
      ) : (
        <p className="mt-1 text-sm text-emerald-900">
          {companyName} has your details and will be in touch to book the viewing.
        </p>
      )}
      <div>
        <button
          type="button"
          onClick={onNewChat}
          className="mt-1 inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Start a new chat
        </button>
      </div>
    </div>
  );
}
