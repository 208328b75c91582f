import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function CheckoutCancelPage() {
  usePageTitle('Checkout cancelled');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Checkout cancelled</h1>
    </main>
  );
}
