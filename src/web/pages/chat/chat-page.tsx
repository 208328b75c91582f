import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function ChatPage() {
  usePageTitle('AI Assistant');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-semibold">AI Assistant</h1>
    </main>
  );
}
