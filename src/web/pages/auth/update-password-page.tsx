import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function UpdatePasswordPage() {
  usePageTitle('Choose a new password');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Choose a new password</h1>
    </main>
  );
}
