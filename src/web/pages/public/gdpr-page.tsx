import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function GdprPage() {
  usePageTitle('Privacy policy');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Privacy policy</h1>
    </main>
  );
}
