import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function ResetPasswordPage() {
  usePageTitle('Reset your password');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Reset your password</h1>
    </main>
  );
}
