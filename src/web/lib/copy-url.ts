import { toast } from '#web/lib/toast.ts';

/** The old way, for pages served over plain http on a LAN address, where the Clipboard API is absent. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies a link and says so. */
export async function copyUrl(url: string): Promise<boolean> {
  let isCopied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(url);
      isCopied = true;
    } else {
      isCopied = copyWithSelection(url);
    }
  } catch {
    isCopied = copyWithSelection(url);
  }
  if (isCopied) toast({ title: 'URL copied to clipboard!' });
  else toast({ title: 'Failed to copy URL', variant: 'destructive' });
  return isCopied;
}
