// files.ts: the file rules of candidate-side.md section 5 ("size": Die Datei ist zu groß; uploaded
// images must be images: Datei muss ein Bild sein). They take a File (or its name, type and size),
// so upload forms check before sending a byte; the server checks the bytes again.
import { messages } from './messages';

type FileLike = { name: string; type: string; size: number };

// What the server decodes (JPEG, PNG, WebP, GIF); HEIC and SVG are refused there too.
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

/** Datei muss ein Bild sein: the browser's type, or the extension when the browser gives none. */
export function imageFile(file: FileLike | null | undefined): string | null {
  if (!file) return null;
  const known = (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const byName = file.type === '' && IMAGE_EXTENSIONS.test(file.name);
  return known || byName ? null : messages.image;
}

/** Die Datei ist zu groß: more than `maxBytes`. */
export const fileSize = (maxBytes: number) => (file: FileLike | null | undefined): string | null =>
  file && file.size > maxBytes ? messages.size : null;
