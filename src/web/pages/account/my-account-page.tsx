import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function MyAccountPage() {
  usePageTitle('My Account');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">My Account</h1>
    </main>
  );
}
