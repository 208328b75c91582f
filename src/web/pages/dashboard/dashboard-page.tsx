import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">Dashboard</h1>
    </main>
  );
}
