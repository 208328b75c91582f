import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function LandingPage() {
  usePageTitle('AI tenant screening and automated lead qualification');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">AI tenant screening and automated lead qualification</h1>
    </main>
  );
}
