import { CheckIcon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/lib/toast.ts';

export type RevealedSecret = { title: string; description: string; value: string };

/**
 * A new API key or signing secret, shown this once: the server keeps only a hash (keys) or never
 * shows it again (secrets), so the dialog says so and offers a copy button.
 */
export function SecretRevealDialog({
  secret,
  onClose,
}: {
  secret: RevealedSecret | null;
  onClose: () => void;
}) {
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.value);
      setIsCopied(true);
      toast({ title: 'Copied', description: 'Paste it into the system you are connecting.' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the text and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <DialogShell
      open={secret !== null}
      onClose={() => {
        setIsCopied(false);
        onClose();
      }}
      title={secret?.title}
      description={secret?.description}
    >
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        This is the only time it is shown. Copy it now and keep it somewhere safe.
      </p>
      <code className="block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all">
        {secret?.value}
      </code>
      <DialogFooter>
        <Button onClick={handleCopy} className="w-full sm:w-auto">
          {isCopied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
