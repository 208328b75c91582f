import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function DemoVideoPage() {
  usePageTitle('How LetLead works');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">How LetLead works</h1>
    </main>
  );
}
