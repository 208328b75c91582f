/** The picture formats a listing photo may be uploaded in, told apart by their first bytes. */
export type PhotoType = 'jpeg' | 'png' | 'webp' | 'heif';

// ISO base media brands of HEIC/HEIF pictures (iPhone photos) and AVIF, which shares the container.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * What the bytes are, whatever the file was called: a renamed .txt or a PDF is null. Only the
 * signature is read here; the decoder then has to read the whole picture before it is kept.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) {
    return 'heif';
  }
  return null;
}
