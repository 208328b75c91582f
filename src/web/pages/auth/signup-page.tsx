import { useMutation } from '@tanstack/react-query';
import { MailCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Link, useSearch } from 'wouter';
import { isPaidPlan, isPlanType, type PlanType, plans } from '#shared/plans.ts';
import { type SignupForm, type SignupResponse, signupFormSchema } from '#shared/schemas/auth.ts';
import { type CheckoutResponse, PENDING_SIGNUP_KEY, type PendingSignup } from '#shared/schemas/billing.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { NameFields } from '#web/components/auth/name-fields.tsx';
import { Notice } from '#web/components/auth/notice.tsx';
import { PasswordInput } from '#web/components/auth/password-input.tsx';
import { PasswordHint, PasswordStrengthMeter } from '#web/components/auth/password-strength-meter.tsx';
import { PlanPicker, PlanSummary } from '#web/components/auth/plan-picker.tsx';
import { ResendVerification } from '#web/components/auth/resend-verification.tsx';
import { showServerFieldErrors } from '#web/components/auth/server-errors.ts';
import { useIsHydrated } from '#web/components/marketing/use-is-hydrated.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, apiRequest } from '#web/lib/api.ts';
import { toastError } from '#web/lib/toast.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { signupPageMeta } from '#web/pages/public/page-meta.ts';

const fieldNames = [
  'companyName',
  'phone',
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'accountType',
] as const;

/** The form's id: the prerendered sign-up page (scripts/prerender.ts) has it in its HTML. */
const SIGNUP_FORM_ID = 'signup-form';

/**
 * What the visitor typed into the prerendered form before the script arrived. A sign-up form
 * already in the page as this one first renders can only be that HTML, which React is hydrating.
 */
function typedBeforeHydration(): Partial<SignupForm> {
  const prerendered = typeof window === 'undefined' ? null : window.document.forms.namedItem(SIGNUP_FORM_ID);
  if (!prerendered) return {};
  const data = new FormData(prerendered);
  return Object.fromEntries(
    fieldNames.flatMap((name) => {
      const value = data.get(name);
      return typeof value === 'string' && value !== '' ? [[name, value]] : [];
    }),
  );
}

/**
 * Hydration renders the form as prerendered (the plan it opened on, empty fields): then give the
 * form what the visitor typed or chose before the script arrived, so that nothing done early is lost.
 */
function useKeepTypedBeforeHydration(form: UseFormReturn<SignupForm>) {
  const [typed] = useState(typedBeforeHydration);
  useEffect(() => {
    for (const [name, value] of Object.entries(typed) as [keyof SignupForm, string][]) {
      if (name === 'accountType' && !isPlanType(value)) continue;
      form.setValue(name, value, { shouldDirty: true });
    }
  }, [form, typed]);
}

type Outcome =
  | { kind: 'check-inbox'; email: string; isDelayed: boolean }
  | { kind: 'checkout-error'; message: string; pending: PendingSignup };

export default function SignupPage() {
  usePageTitle(signupPageMeta.title, signupPageMeta.description);
  const search = useSearch();
  const requestedPlan = new URLSearchParams(search).get('plan');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome?.kind === 'check-inbox') {
    return (
      <AuthShell>
        <CheckInbox email={outcome.email} isDelayed={outcome.isDelayed} />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      width="wide"
      headerAction={
        <>
          <span className="hidden sm:inline">Already have an account? </span>
          <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <AuthHeading
        title="Create your account"
        description="Set up your agency in under 5 minutes. Your AI assistant starts qualifying tenants as soon as you share its link."
      />
      {outcome?.kind === 'checkout-error' ? (
        <CheckoutError outcome={outcome} onRetry={(next) => setOutcome(next)} />
      ) : (
        <SignupFormView
          initialPlan={isPlanType(requestedPlan) ? requestedPlan : 'free'}
          onOutcome={setOutcome}
        />
      )}
    </AuthShell>
  );
}

function SignupFormView({
  initialPlan,
  onOutcome,
}: {
  initialPlan: PlanType;
  onOutcome: (outcome: Outcome) => void;
}) {
  const form = useSchemaForm(signupFormSchema, {
    companyName: '',
    phone: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
    accountType: initialPlan,
  });
  // The prerendered form shows before its script has loaded: it cannot be sent until then.
  const isHydrated = useIsHydrated();
  const { errors } = form.formState;
  const [password, accountType] = useWatch({ control: form.control, name: ['password', 'accountType'] });
  // After useWatch: its subscription must be in place to see the restored values.
  useKeepTypedBeforeHydration(form);
  const isPaid = isPaidPlan(accountType);

  const signup = useMutation({
    mutationFn: async (values: SignupForm) => {
      const { confirmPassword: _confirm, ...body } = values;
      const response = await apiRequest<SignupResponse>('POST', '/api/auth/signup', body);
      if (!isPaidPlan(values.accountType)) {
        const isDelayed = /may take a few minutes/.test(response.message);
        return { kind: 'check-inbox', email: response.email, isDelayed } as const;
      }
      // The account exists (free, unverified); only non-secret details wait here.
      const pending: PendingSignup = {
        accountType: values.accountType,
        email: response.email,
        firstName: values.firstName,
        lastName: values.lastName,
        companyName: values.companyName,
      };
      localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify(pending));
      return startCheckout(pending);
    },
    onSuccess: (outcome) => {
      if (outcome) onOutcome(outcome);
    },
    onError: (error) => {
      showServerFieldErrors(form, error, fieldNames);
      toastError('Failed to create account', error, 'Please check the form and try again.');
    },
  });

  return (
    <form
      id={SIGNUP_FORM_ID}
      noValidate
      onSubmit={form.handleSubmit((values) => signup.mutate(values))}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,380px)] lg:items-start"
    >
      <AuthPanel className="lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <div className="grid gap-8">
          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
            <legend className="mb-4 text-base font-semibold">Your agency</legend>
            <FormField label="Company name" error={errors.companyName?.message} className="sm:col-span-2">
              <Input autoComplete="organization" {...form.register('companyName')} />
            </FormField>
            <FormField label="Phone number" error={errors.phone?.message} className="sm:col-span-2">
              <Input type="tel" autoComplete="tel" {...form.register('phone')} />
            </FormField>
          </fieldset>

          <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
            <legend className="mb-4 text-base font-semibold">About you</legend>
            <NameFields
              firstName={form.register('firstName')}
              lastName={form.register('lastName')}
              errors={errors}
            />
            <FormField
              label="Work email"
              error={errors.email?.message}
              description="You sign in with this address, and new leads are emailed to it."
              className="sm:col-span-2"
            >
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
          </fieldset>

          <fieldset className="grid min-w-0 gap-4">
            <legend className="mb-4 text-base font-semibold">Password</legend>
            <FormField label="Password" error={errors.password?.message} description={<PasswordHint />}>
              <PasswordInput autoComplete="new-password" {...form.register('password')} />
            </FormField>
            <PasswordStrengthMeter password={password} />
            <FormField label="Confirm password" error={errors.confirmPassword?.message}>
              <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
            </FormField>
          </fieldset>
        </div>
      </AuthPanel>

      <AuthPanel className="lg:col-start-2 lg:row-start-1">
        <Controller
          control={form.control}
          name="accountType"
          render={({ field }) => <PlanPicker value={field.value} onChange={field.onChange} />}
        />
      </AuthPanel>

      <AuthPanel className="space-y-5 lg:sticky lg:top-6 lg:col-start-2 lg:row-start-2">
        <PlanSummary planType={accountType} />
        <PendingButton
          type="submit"
          size="lg"
          // The paid plans' label is long: it wraps instead of being cut off in the narrow column.
          className="h-auto min-h-11 w-full whitespace-normal py-2.5"
          disabled={!isHydrated}
          isPending={signup.isPending}
        >
          {isPaid ? 'Create account and continue to payment' : 'Create free account'}
        </PendingButton>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to how we handle data in our{' '}
          <Link href="/gdpr" className="underline underline-offset-2">
            privacy policy
          </Link>
          .
        </p>
      </AuthPanel>
    </form>
  );
}

/** Asks billing for a hosted checkout and goes there; answers the error to show otherwise. */
async function startCheckout(pending: PendingSignup): Promise<Outcome | null> {
  try {
    const { checkoutUrl } = await apiRequest<CheckoutResponse>(
      'POST',
      '/api/stripe/create-checkout-session',
      {
        planType: pending.accountType,
        customerEmail: pending.email,
        customerName: `${pending.firstName} ${pending.lastName}`,
      },
    );
    window.location.assign(checkoutUrl);
    return null;
  } catch (error) {
    const message =
      error instanceof ApiError
        ? `Failed to create checkout session: ${error.serverMessage ?? error.status}`
        : 'Network error occurred while creating checkout session';
    return { kind: 'checkout-error', message, pending };
  }
}

function CheckoutError({
  outcome,
  onRetry,
}: {
  outcome: Extract<Outcome, { kind: 'checkout-error' }>;
  onRetry: (next: Outcome) => void;
}) {
  const retry = useMutation({
    mutationFn: () => startCheckout(outcome.pending),
    onSuccess: (next) => {
      if (next) onRetry(next);
    },
  });
  const planName = plans[outcome.pending.accountType].name;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Notice variant="error" title="Checkout Error">
        <p>{outcome.message || 'Failed to create checkout session. Please try again.'}</p>
      </Notice>
      <AuthPanel className="space-y-4">
        <h2 className="text-lg font-semibold">Your account is ready; the payment is not</h2>
        <p className="text-muted-foreground">
          We created your account for <strong className="text-foreground">{outcome.pending.email}</strong> on
          the free plan and sent you a verification email. You can try the payment for the {planName} plan
          again now, or verify your email, sign in and upgrade from My Account later.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <PendingButton onClick={() => retry.mutate()} isPending={retry.isPending}>
            Try the payment again
          </PendingButton>
          <Button variant="outline" asChild>
            <Link href="/login">Go to sign in</Link>
          </Button>
        </div>
      </AuthPanel>
    </div>
  );
}

function CheckInbox({ email, isDelayed }: { email: string; isDelayed: boolean }) {
  return (
    <AuthPanel className="space-y-6 text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent text-primary">
        <MailCheckIcon className="size-7" aria-hidden="true" />
      </span>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Check your inbox</h1>
        <p className="text-muted-foreground">
          We've sent a verification link to <strong className="break-words text-foreground">{email}</strong>.
          Click it to verify your email, then sign in.
        </p>
        {isDelayed ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Our email service is slow right now, so the email may take a few minutes to arrive.
          </p>
        ) : null}
      </div>
      <Button asChild size="lg" className="w-full">
        <Link href="/login">Go to sign in</Link>
      </Button>
      <div className="space-y-3 border-t border-border pt-6 text-left text-sm text-muted-foreground">
        <p>Can't find it? It can take a minute to arrive; check your spam or junk folder too.</p>
        <ResendVerification email={email} />
      </div>
    </AuthPanel>
  );
}
