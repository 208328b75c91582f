import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function HoldingPage() {
  usePageTitle('Credits Exhausted');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Credits Exhausted</h1>
    </main>
  );
}
