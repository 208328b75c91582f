import { clsx } from 'clsx';
import { photoUrl } from '#shared/images.ts';
import type { PropertyPhotoDto } from '#shared/schemas/images.ts';

type ListingPhotosProps = {
  photos: PropertyPhotoDto[];
  /** The listing's name, for the pictures' text alternative. */
  propertyName: string;
  /** How many to show, first first: 1 in the chat header, a short strip in the lead panel. */
  limit?: number;
  /** `lazy` where the pictures start below the fold. */
  loading?: 'eager' | 'lazy';
  className?: string;
};

// The smallest rendition the image helper serves covers a thumbnail on a 3× phone screen.
const THUMB_WIDTH = 320;

/**
 * A listing's photos as small thumbnails: plain `<img>` elements with their size given, so the
 * page does not shift as they arrive and the chat page loads no extra script. Nothing when the
 * listing has no photo.
 */
export function ListingPhotos({
  photos,
  propertyName,
  limit = 1,
  loading = 'eager',
  className,
}: ListingPhotosProps) {
  const shown = photos.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    // clsx, not cn: tailwind-merge would add about 8 KB to the chat page for a list nobody restyles.
    <ul className={clsx('flex shrink-0 gap-2', className)} aria-label={`Photos of ${propertyName}`}>
      {shown.map((photo, index) => (
        <li key={photo.id} className="shrink-0">
          <img
            src={photoUrl(photo.id, { w: THUMB_WIDTH })}
            width={photo.width}
            height={photo.height}
            loading={loading}
            decoding="async"
            alt={`${propertyName} (${index + 1} of ${photos.length})`}
            className="h-12 w-16 rounded-md bg-muted object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
