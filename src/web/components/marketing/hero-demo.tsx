import { playHeroDemo } from '#web/enhancements/hero-demo.ts';
import { useEnhancement } from '#web/lib/use-enhancement.ts';
import { cn } from '#web/lib/utils.ts';
import { type DemoLead, demoCompany, demoLeads, demoMessages } from './demo-data.ts';
import { type DemoFrame, firstDemoFrame } from './demo-timeline.ts';
import { PlayPauseFaces } from './play-pause-faces.tsx';

/**
 * The hero's animated demo: a tenant's chat with the AI assistant, message by message, then the
 * Qualification Dashboard with the scored leads, then again. Visitors who prefer less motion get
 * the whole conversation, still, and can switch views or press play themselves. Every frame is in
 * the markup; the enhancement (src/web/enhancements/hero-demo.ts) plays it, here and on the
 * prerendered landing page, which loads no React.
 */
export function HeroDemo() {
  const ref = useEnhancement<HTMLElement>(playHeroDemo);
  // The first frame, playing, as the enhancement shows it before anything moves.
  const visibleMessages = firstDemoFrame.visibleMessages;
  const isTyping = demoMessages[visibleMessages]?.from === 'ai';

  return (
    <figure
      ref={ref}
      className="relative mx-auto w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-teal-900/15 lg:max-w-[29rem]"
      aria-label="Demo: a tenant chats with the AI assistant, then the lead appears on the Qualification Dashboard"
      data-demo-phase={firstDemoFrame.phase}
    >
      <div className="flex items-center gap-3 bg-primary px-4 py-3 text-white">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-900/40 text-sm font-semibold"
          aria-hidden="true"
        >
          RL
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{demoCompany}</p>
          <p className="text-xs text-teal-50">
            <span data-demo-show="chat">AI Assistant</span>
            <span data-demo-show="dashboard" hidden>
              Qualification Dashboard
            </span>
          </p>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-teal-900/40 px-2 py-0.5 text-xs font-medium">
          <span className="size-2 rounded-full bg-green-300" aria-hidden="true" />
          Online
        </span>
        <button
          type="button"
          data-demo-toggle
          className="flex size-10 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
          disabled
        >
          <PlayPauseFaces what="the demo" iconClassName="size-4" />
        </button>
      </div>

      <div className="h-[23rem] bg-slate-50/60">
        <ol
          data-demo-show="chat"
          aria-label="Demo conversation"
          // The oldest messages overflow its top, hidden; paint containment keeps them (for axe and
          // Lighthouse too) from counting as covering the header above.
          className="flex h-full flex-col justify-end gap-2.5 overflow-hidden p-4 [contain:paint]"
        >
          {demoMessages.map((message, index) => (
            <li
              key={index}
              data-demo-message={message.from}
              hidden={index >= visibleMessages}
              className={cn(
                'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-snug motion-safe:animate-fade-in-up',
                message.from === 'ai'
                  ? 'self-start rounded-bl-sm border border-slate-200 bg-white text-slate-800'
                  : 'self-end rounded-br-sm bg-primary text-white',
              )}
            >
              <span className="sr-only">{message.from === 'ai' ? 'Assistant: ' : 'Tenant: '}</span>
              {message.text}
            </li>
          ))}
          <li
            data-demo-typing
            hidden={!isTyping}
            className="flex gap-1 self-start rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-3.5 py-3"
          >
            <span className="sr-only">The assistant is typing</span>
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                className="size-1.5 rounded-full bg-slate-400 motion-safe:animate-bounce"
                style={{ animationDelay: `${delay}ms` }}
                aria-hidden="true"
              />
            ))}
          </li>
        </ol>
        <DemoDashboard leads={demoLeads} />
      </div>

      <fieldset className="m-0 flex min-w-0 items-center gap-1 border-0 border-t border-slate-200 bg-white p-2">
        <legend className="sr-only">Demo view</legend>
        <ViewButton view="chat">Conversation</ViewButton>
        <ViewButton view="dashboard">Qualification Dashboard</ViewButton>
      </fieldset>
    </figure>
  );
}

function ViewButton({ view, children }: { view: DemoFrame['phase']; children: string }) {
  return (
    <button
      type="button"
      data-demo-view={view}
      aria-pressed={view === firstDemoFrame.phase}
      disabled
      className="min-h-10 flex-1 rounded-md px-3 py-2 text-xs font-medium text-slate-600 transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:bg-accent aria-pressed:text-accent-foreground aria-pressed:hover:bg-accent"
    >
      {children}
    </button>
  );
}

function scoreTone(score: number): string {
  if (score >= 90) return 'bg-emerald-100 text-emerald-800';
  if (score >= 70) return 'bg-teal-50 text-teal-800';
  return 'bg-amber-100 text-amber-900';
}

function DemoDashboard({ leads }: { leads: DemoLead[] }) {
  return (
    <div
      data-demo-show="dashboard"
      hidden
      className="flex h-full flex-col p-4 motion-safe:animate-fade-in-up"
    >
      <div className="mb-3 flex items-baseline justify-between">
        <p className="text-sm font-semibold text-slate-900">Qualified leads</p>
        <p className="text-xs text-slate-600">Sorted by score</p>
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="sr-only">Qualification Dashboard</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Property
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Score
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {leads.map((lead) => (
              <tr key={lead.name}>
                <td className="px-3 py-2.5 font-medium text-slate-900 sm:py-3">{lead.name}</td>
                <td className="px-3 py-2.5 text-slate-600 sm:py-3">{lead.property}</td>
                <td className="px-3 py-2.5 text-right sm:py-3">
                  <span
                    className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', scoreTone(lead.score))}
                  >
                    {lead.score}%
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-auto hidden pt-3 text-xs text-slate-600 sm:block">
        Every finished chat becomes a lead with the tenant's answers and a score.
      </p>
    </div>
  );
}
