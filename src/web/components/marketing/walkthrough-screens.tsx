import { CheckIcon, CopyIcon, ExternalLinkIcon, MailIcon, SendIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/*
 * Stylised versions of LetLead's real screens for the demo walkthrough: the sign-up form, the
 * property list with its AI Agent URL dialog, the tenant's chat and the leads table. Decorative:
 * the captions beside them say what each shows.
 */

function Window({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg',
        className,
      )}
    >
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-100 px-3 py-2">
        <span className="size-2.5 rounded-full bg-red-400" />
        <span className="size-2.5 rounded-full bg-amber-400" />
        <span className="size-2.5 rounded-full bg-emerald-400" />
        <span className="mx-auto rounded-full bg-white px-3 py-0.5 text-[10px] text-slate-600 sm:text-xs">
          {title}
        </span>
      </div>
      <div className="min-h-0 flex-1 p-4 text-[11px] sm:p-6 sm:text-sm">{children}</div>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="font-medium text-slate-700">{label}</p>
      <p className="mt-1 truncate rounded-md border border-slate-300 px-2 py-1.5 text-slate-900 sm:py-2">
        {value}
      </p>
    </div>
  );
}

export function SignUpScreen() {
  const planNames = ['Free', 'Small', 'Medium', 'Large'];
  return (
    <Window title="LetLead · Sign up">
      <p className="text-sm font-semibold text-slate-900 sm:text-lg">Create your account</p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:mt-4 sm:gap-4">
        <Field label="Company name" value="Riverside Lettings" />
        <Field label="Phone" value="0117 496 0123" />
        <Field label="First name" value="Hannah" />
        <Field label="Email" value="hannah@riverside.example" />
        <Field label="Password" value="••••••••••" />
        <Field label="Confirm password" value="••••••••••" />
      </div>
      <p className="mt-3 font-medium text-slate-700 sm:mt-4">Choose a plan</p>
      <div className="mt-1 grid grid-cols-4 gap-2">
        {planNames.map((name) => (
          <div
            key={name}
            className={cn(
              'rounded-md border px-2 py-2 text-center',
              name === 'Free'
                ? 'border-primary bg-accent font-semibold text-teal-900'
                : 'border-slate-200 text-slate-600',
            )}
          >
            {name}
          </div>
        ))}
      </div>
      <div className="mt-4 rounded-md bg-primary py-2 text-center font-semibold text-white sm:mt-5 sm:py-2.5">
        Create account
      </div>
    </Window>
  );
}

export function CreateLinkScreen() {
  return (
    <Window title="LetLead · Property List" className="relative">
      <div className="flex items-center justify-between">
        <p className="text-sm font-semibold text-slate-900 sm:text-lg">Property List</p>
        <span className="rounded-md bg-primary px-2 py-1 font-semibold text-white">Add Property</span>
      </div>
      <div className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {[
          ['2 Bed Flat, Clifton Road', '£1,450 pcm'],
          ['Studio, Park Street', '£950 pcm'],
          ['3 Bed House, Elm Grove', '£1,900 pcm'],
        ].map(([name, rent]) => (
          <div key={name} className="flex items-center justify-between px-3 py-2 sm:py-3">
            <span className="font-medium text-slate-900">{name}</span>
            <span className="text-slate-600">{rent}</span>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-4 bottom-4 rounded-xl border border-slate-200 bg-white p-4 shadow-2xl sm:inset-x-10 sm:bottom-8 sm:p-5">
        <p className="text-sm font-semibold text-slate-900 sm:text-base">AI Agent URL</p>
        <p className="mt-2 truncate rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-slate-800">
          …/chatbot/riverside-lettings/2-bed-flat-clifton-road
        </p>
        <div className="mt-3 flex gap-2">
          <span className="inline-flex items-center gap-1 rounded-md bg-primary px-2 py-1 font-semibold text-white">
            <CopyIcon className="size-3" /> Copy
          </span>
          <span className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-slate-800">
            <ExternalLinkIcon className="size-3" /> Open
          </span>
          <span className="ml-auto inline-flex items-center gap-1 text-emerald-700">
            <CheckIcon className="size-3" /> URL copied to clipboard!
          </span>
        </div>
      </div>
    </Window>
  );
}

export function ShareScreen() {
  const messages: { from: 'ai' | 'tenant'; text: string }[] = [
    { from: 'ai', text: "Hi! I'm Riverside Lettings' AI assistant. When would you like to move in?" },
    { from: 'tenant', text: '1st April, 2 of us, both nurses' },
    { from: 'ai', text: "Thanks! What's your combined annual income?" },
    { from: 'tenant', text: 'About £58k together' },
  ];
  return (
    <div className="flex h-full flex-col items-center gap-3 sm:grid sm:grid-cols-[1fr_auto] sm:gap-8">
      <div className="w-full rounded-xl border border-slate-200 bg-white p-3 text-[11px] shadow-lg sm:p-5 sm:text-sm">
        <p className="flex items-center gap-1.5 font-semibold text-slate-900">
          <MailIcon className="size-3.5 text-primary" /> Portal auto-reply
        </p>
        <p className="mt-1 text-slate-700 sm:mt-2">
          Thanks for your enquiry about the 2 Bed Flat, Clifton Road. Chat with our assistant any time to
          arrange a viewing:
        </p>
        <p className="mt-2 truncate font-medium text-primary underline">
          …/chatbot/riverside-lettings/2-bed-flat
        </p>
      </div>
      <div className="flex min-h-0 w-48 flex-1 flex-col overflow-hidden rounded-[1.5rem] border-[6px] border-slate-900 bg-white shadow-xl sm:h-full sm:w-60 sm:flex-none">
        <div className="bg-primary px-3 py-2 text-white">
          <p className="text-[11px] font-semibold">Riverside Lettings</p>
          <p className="text-[10px] text-teal-50">AI Assistant · Online</p>
        </div>
        <div className="flex min-h-0 flex-1 flex-col justify-end gap-1.5 overflow-hidden p-2 text-[10px] leading-snug sm:text-xs">
          {messages.map((message) => (
            <p
              key={message.text}
              className={cn(
                'max-w-[88%] rounded-xl px-2 py-1',
                message.from === 'ai'
                  ? 'self-start bg-slate-100 text-slate-800'
                  : 'self-end bg-primary text-white',
              )}
            >
              {message.text}
            </p>
          ))}
        </div>
        <div className="flex items-center gap-1 border-t border-slate-200 p-1.5">
          <span className="flex-1 rounded-full bg-slate-100 px-2 py-1 text-[10px] text-slate-600">
            Type your message…
          </span>
          <SendIcon className="size-3 text-primary" />
        </div>
      </div>
    </div>
  );
}

export function LeadsScreen() {
  const leads = [
    ['Sarah Mitchell', '2 Bed Flat, Clifton Road', '01/04/2026', 9],
    ['James Okoro', 'Studio, Park Street', '15/04/2026', 8],
    ['Emily Chen', '3 Bed House, Elm Grove', '20/03/2026', 8],
    ['Tom Walsh', '1 Bed Flat, High Street', 'flexible', 6],
  ] as const;
  return (
    <Window title="LetLead · Dashboard" className="relative">
      <div className="grid grid-cols-3 gap-2">
        {[
          ['Total Leads', '128'],
          ['Properties Listed', '14'],
          ['Credits', '1,214 / 1,500'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-2 sm:p-3">
            <p className="text-[10px] text-slate-600 sm:text-xs">{label}</p>
            <p className="text-sm font-bold text-slate-900 sm:text-lg">{value}</p>
          </div>
        ))}
      </div>
      <div className="mt-3 overflow-hidden rounded-lg border border-slate-200">
        <div className="grid grid-cols-[1.2fr_1.6fr_1fr_auto] gap-2 bg-slate-50 px-3 py-1.5 font-semibold text-slate-600">
          <span>Name</span>
          <span>Property</span>
          <span>Move In</span>
          <span>Rating</span>
        </div>
        {leads.map(([name, property, moveIn, score]) => (
          <div
            key={name}
            className="grid grid-cols-[1.2fr_1.6fr_1fr_auto] gap-2 border-t border-slate-100 px-3 py-1.5 sm:py-2.5"
          >
            <span className="truncate font-medium text-slate-900">{name}</span>
            <span className="truncate text-slate-600">{property}</span>
            <span className="text-slate-600">{moveIn}</span>
            <span
              className={cn(
                'rounded-full px-1.5 font-semibold',
                score >= 8 ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900',
              )}
            >
              {score}/10
            </span>
          </div>
        ))}
      </div>
      <div className="absolute right-4 bottom-4 flex max-w-[60%] items-start gap-2 rounded-lg border border-slate-200 bg-white p-2.5 shadow-xl">
        <MailIcon className="mt-0.5 size-4 shrink-0 text-primary" />
        <div>
          <p className="font-semibold text-slate-900">New lead: Sarah Mitchell, 9/10</p>
          <p className="text-slate-600">2 Bed Flat, Clifton Road · moving 01/04/2026</p>
        </div>
      </div>
    </Window>
  );
}
