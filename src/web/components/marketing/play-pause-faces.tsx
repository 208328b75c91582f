import { PauseIcon, PlayIcon } from 'lucide-react';

/**
 * A play/pause button's two faces, icon and label, for `what` ("the demo"): the pause face shows
 * first; the enhancement swaps them (`showPlayPauseFace` in src/web/enhancements/enhancement.ts).
 */
export function PlayPauseFaces({ what, iconClassName }: { what: string; iconClassName: string }) {
  return (
    <>
      <span data-play-face="playing" className="contents">
        <PauseIcon className={iconClassName} aria-hidden="true" />
        <span className="sr-only">Pause {what}</span>
      </span>
      <span data-play-face="paused" className="contents" hidden>
        <PlayIcon className={iconClassName} aria-hidden="true" />
        <span className="sr-only">Play {what}</span>
      </span>
    </>
  );
}
