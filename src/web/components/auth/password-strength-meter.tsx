import { CheckIcon, XIcon } from 'lucide-react';
import {
  failingPasswordRules,
  type PasswordStrength,
  passwordStrength,
  SPECIAL_CHARACTERS,
} from '#shared/password.ts';
import { cn } from '#web/lib/utils.ts';

const strengthLabel: Record<PasswordStrength, string> = { strong: 'Strong', medium: 'Medium', weak: 'Weak' };
const strengthStyle: Record<PasswordStrength, { bar: string; text: string; filled: number }> = {
  weak: { bar: 'bg-red-600', text: 'text-red-700', filled: 1 },
  medium: { bar: 'bg-amber-500', text: 'text-amber-800', filled: 2 },
  strong: { bar: 'bg-emerald-600', text: 'text-emerald-700', filled: 3 },
};

/** The hint under a new-password field: the rules, with the exact special characters. */
export function PasswordHint() {
  return (
    <>
      At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.
      <span className="mt-1 block">
        Special characters: <SpecialCharacters />
      </span>
    </>
  );
}

export function SpecialCharacters() {
  return (
    <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.8rem] tracking-wider break-all text-foreground">
      {[...SPECIAL_CHARACTERS].join(' ')}
    </code>
  );
}

/**
 * The live meter: Strong with no failing rule, Medium with one or two, Weak with
 * three or more, and the rules still to meet. Nothing shows until the user starts typing.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const failing = failingPasswordRules(password);
  const style = strengthStyle[strength];
  return (
    <div id={id} className="space-y-2 rounded-md border border-border bg-slate-50 p-3">
      <div className="flex items-center gap-3">
        <div className="grid flex-1 grid-cols-3 gap-1" aria-hidden="true">
          {[1, 2, 3].map((segment) => (
            <span
              key={segment}
              className={cn('h-1.5 rounded-full', segment <= style.filled ? style.bar : 'bg-slate-200')}
            />
          ))}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Strength: <span className={cn('font-semibold', style.text)}>{strengthLabel[strength]}</span>
        </p>
      </div>
      {failing.length > 0 ? (
        <div className="text-sm">
          <p className="text-muted-foreground">Still needed:</p>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {failing.map((rule) => (
              <li key={rule.id} className="flex items-center gap-1.5 text-slate-700">
                <XIcon className="size-3.5 shrink-0 text-red-600" aria-hidden="true" />
                {rule.label}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
          Meets every rule
        </p>
      )}
    </div>
  );
}
