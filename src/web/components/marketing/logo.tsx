import { cn } from '#web/lib/utils.ts';

/** The LetLead mark and name. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : '#0f766e'} />
        <path d="M9 8v16h13v-3.5h-9V8z" fill={inverted ? '#0f766e' : '#ffffff'} />
        <circle cx="22" cy="11" r="3" fill={inverted ? '#14b8a6' : '#5eead4'} />
      </svg>
      <span className={inverted ? 'text-white' : 'text-foreground'}>LetLead</span>
    </span>
  );
}
