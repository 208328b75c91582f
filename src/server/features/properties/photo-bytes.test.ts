import { describe } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { sniffPhotoType } from './photo-bytes.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe('sniffPhotoType', () => {
  testReturns('reads %s as %j', (_name, input) => sniffPhotoType(input), [
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'jpeg'],
    ['a JPEG with EXIF first', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'), 'jpeg'],
    ['a PNG', bytes([0x89], 'PNG\r\n', [0x1a], '\n', [0, 0, 0, 13]), 'png'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['an iPhone HEIC', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]), 'heif'],
    ['a HEIF', bytes([0, 0, 0, 0x18], 'ftypmif1'), 'heif'],
    ['an AVIF', bytes([0, 0, 0, 0x1c], 'ftypavif'), 'heif'],
    ['plain text', bytes('Garden flat, two bedrooms'), null],
    ['a PDF', bytes('%PDF-1.7\n'), null],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom'), null],
    ['a GIF', bytes('GIF89a'), null],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['two bytes of a JPEG', bytes([0xff, 0xd8]), null],
    ['nothing', bytes(), null],
  ]);
});
