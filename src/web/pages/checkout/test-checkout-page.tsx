import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function TestCheckoutPage() {
  usePageTitle('Test checkout');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Test checkout</h1>
    </main>
  );
}
