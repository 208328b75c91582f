import { CopyIcon, ExternalLinkIcon } from 'lucide-react';
import { SUGGESTED_SOURCES } from '#shared/chat-source.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { copyUrl } from '#web/lib/copy-url.ts';

type AgentUrlDialogProps = {
  url: string | null;
  onClose: () => void;
};

/** The agency-wide AI agent link: read-only, with copy, open and close. */
export function AgentUrlDialog({ url, onClose }: AgentUrlDialogProps) {
  return (
    <DialogShell
      open={url !== null}
      onClose={onClose}
      title="AI Agent URL"
      description="Your agency-wide AI agent. Share this link in portal auto-replies, adverts and social posts: tenants tell the agent which property they are interested in. Each property also has its own link in the Property List."
    >
      <div className="grid gap-2">
        <Label htmlFor="agent-url">AI agent link</Label>
        <Input
          id="agent-url"
          readOnly
          value={url ?? ''}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm"
        />
      </div>
      <SourceLinks url={url} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="ghost">Close</Button>
        </DialogClose>
        <Button variant="outline" asChild>
          <a href={url ?? '#'} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            Open
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button onClick={() => url && void copyUrl(url)}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}

const SOURCE_NAMES: Record<(typeof SUGGESTED_SOURCES)[number], string> = {
  rightmove: 'Rightmove',
  zoopla: 'Zoopla',
  onthemarket: 'OnTheMarket',
  website: 'Your website',
  facebook: 'Facebook',
};

/** The same link tagged with where it is posted (`?src=`), so each lead shows its source. */
function SourceLinks({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">A link for each place you post it</p>
      <ul className="grid gap-1">
        {SUGGESTED_SOURCES.map((source) => (
          <li key={source} className="flex items-center justify-between gap-2 text-sm">
            <span>{SOURCE_NAMES[source]}</span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void copyUrl(`${url}?src=${source}`)}
              aria-label={`Copy the ${SOURCE_NAMES[source]} link`}
            >
              <CopyIcon aria-hidden="true" />
              Copy
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
