import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Sign in</h1>
    </main>
  );
}
