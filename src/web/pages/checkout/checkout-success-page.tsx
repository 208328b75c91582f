import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function CheckoutSuccessPage() {
  usePageTitle('Welcome to LetLead');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Welcome to LetLead</h1>
    </main>
  );
}
