import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function SignupPage() {
  usePageTitle('Create your account');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Create your account</h1>
    </main>
  );
}
