import { ArrowLeft, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { photoUrl } from '#shared/images.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '#shared/listing.ts';
import type { PropertyPhotoDto } from '#shared/schemas/images.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorList } from '#web/components/ui/form-field.tsx';
import { ApiError, apiRequest, throwIfNotOk } from '#web/lib/api.ts';

/**
 * What the file picker asks for; the server reads the real type from the bytes. HEIC is left out
 * on purpose: iOS then converts its HEIC photos to JPEG as it hands them over, and the sharp build
 * on npm cannot decode HEVC-coded HEIC.
 */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const ACCEPTED_TYPES = /^image\/(jpeg|png|webp|heic|heif)$/;

/** A photo chosen in the form, uploaded once the listing is saved. */
export type PendingPhoto = { key: string; file: File; previewUrl: string };

/** Checks a chosen file before it is sent: the same limits the server applies to the bytes. */
export function checkPhotoFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const isHeicByName = /\.(heic|heif)$/i.test(file.name);
  if (!ACCEPTED_TYPES.test(file.type) && !isHeicByName) {
    return `${file.name}: photos must be JPEG, PNG, WebP or HEIC images`;
  }
  if (file.size > MAX_PHOTO_BYTES) return `${file.name}: photos must be 10 MB or smaller`;
  return null;
}

/** Sends each photo in turn (the order chosen is the order shown); answers the failures. */
export async function uploadPhotos(propertyId: string, photos: PendingPhoto[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { file } of photos) {
    try {
      const response = await fetch(`/api/properties/${propertyId}/photos`, {
        method: 'POST',
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
        body: file,
        credentials: 'include',
      });
      await throwIfNotOk(response);
    } catch (error) {
      const reason = error instanceof ApiError ? error.serverMessage : undefined;
      failures.push(`${file.name}: ${reason ?? 'could not be uploaded'}`);
    }
  }
  return failures;
}

type PhotoPickerProps = {
  /** The saved listing's id; null while adding a new one. */
  propertyId: string | null;
  saved: PropertyPhotoDto[];
  onSavedChange: (photos: PropertyPhotoDto[]) => void;
  pending: PendingPhoto[];
  onPendingChange: (photos: PendingPhoto[]) => void;
  disabled?: boolean;
};

/**
 * The Photos part of the property form: photos already saved (remove, make first, straight away)
 * and new ones, shown at once and uploaded when the listing is saved.
 */
export function PhotoPicker({
  propertyId,
  saved,
  onSavedChange,
  pending,
  onPendingChange,
  disabled,
}: PhotoPickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const room = MAX_PHOTOS - saved.length - pending.length;

  // Previews are object URLs: free them when the form goes away.
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  useEffect(
    () => () => {
      for (const photo of pendingRef.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  function handleFiles(files: FileList | null) {
    if (!files) return;
    const found: string[] = [];
    const added: PendingPhoto[] = [];
    for (const file of Array.from(files)) {
      const problem = checkPhotoFile(file);
      if (problem) found.push(problem);
      else if (added.length >= room)
        found.push(`${file.name}: a listing can have at most ${MAX_PHOTOS} photos`);
      else
        added.push({
          key: `${file.name}-${file.size}-${Math.random()}`,
          file,
          previewUrl: URL.createObjectURL(file),
        });
    }
    setProblems(found);
    if (added.length > 0) onPendingChange([...pending, ...added]);
    if (inputRef.current) inputRef.current.value = '';
  }

  function removePending(key: string) {
    const photo = pending.find((candidate) => candidate.key === key);
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    onPendingChange(pending.filter((candidate) => candidate.key !== key));
  }

  async function removeSaved(photoId: string) {
    if (!propertyId) return;
    setBusyId(photoId);
    try {
      await apiRequest('DELETE', `/api/properties/${propertyId}/photos/${photoId}`);
      onSavedChange(saved.filter((photo) => photo.id !== photoId));
      setProblems([]);
    } catch (error) {
      setProblems([
        error instanceof ApiError
          ? (error.serverMessage ?? 'The photo could not be removed')
          : 'The photo could not be removed',
      ]);
    } finally {
      setBusyId(null);
    }
  }

  async function makeFirst(photoId: string) {
    if (!propertyId) return;
    setBusyId(photoId);
    try {
      const photoIds = [photoId, ...saved.map((photo) => photo.id).filter((id) => id !== photoId)];
      onSavedChange(
        await apiRequest<PropertyPhotoDto[]>('PUT', `/api/properties/${propertyId}/photos/order`, {
          photoIds,
        }),
      );
      setProblems([]);
    } catch {
      setProblems(['The photos could not be reordered']);
    } finally {
      setBusyId(null);
    }
  }

  const tiles = useMemo(
    () => [
      ...saved.map((photo, index) => ({
        kind: 'saved' as const,
        key: photo.id,
        src: photoUrl(photo.id, { w: 320 }),
        index,
        photo,
      })),
      ...pending.map((photo, index) => ({
        kind: 'pending' as const,
        key: photo.key,
        src: photo.previewUrl,
        index: saved.length + index,
        photo,
      })),
    ],
    [saved, pending],
  );

  return (
    <fieldset className="grid gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">
        Photos{' '}
        <span className="font-normal text-muted-foreground">
          (up to {MAX_PHOTOS}; the first is shown to tenants)
        </span>
      </legend>
      {tiles.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {tiles.map((tile) => {
            const label = tile.kind === 'saved' ? `photo ${tile.index + 1}` : tile.photo.file.name;
            return (
              <li key={tile.key} className="grid gap-1">
                <img
                  src={tile.src}
                  alt={tile.kind === 'saved' ? `Listing ${label}` : `New: ${label}`}
                  width={120}
                  height={90}
                  className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
                />
                <div className="flex justify-center gap-1">
                  {tile.kind === 'saved' && tile.index > 0 ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-8"
                      aria-label={`Make ${label} the first`}
                      disabled={busyId !== null}
                      onClick={() => makeFirst(tile.photo.id)}
                    >
                      <ArrowLeft aria-hidden="true" />
                    </Button>
                  ) : null}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove ${label}`}
                    disabled={busyId !== null}
                    onClick={() =>
                      tile.kind === 'saved' ? removeSaved(tile.photo.id) : removePending(tile.key)
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          // Opened by the button below: the button is what keyboards and screen readers meet.
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled || room <= 0}
          onChange={(event) => handleFiles(event.target.files)}
        />
        <Button
          type="button"
          variant="outline"
          disabled={disabled || room <= 0}
          onClick={() => inputRef.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
          {room <= 0 ? `${MAX_PHOTOS} photos added` : 'Add photos'}
        </Button>
      </div>
      <ErrorList role="alert" messages={problems} />
    </fieldset>
  );
}
