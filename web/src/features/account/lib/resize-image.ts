// Large photos are scaled down in the browser before upload (spec section 5: oversized images
// must be resized): a phone photo of 12 MB becomes a JPEG of a few hundred KB, which uploads fast
// on a mobile connection. The longest side is capped at MAX_IMAGE_SIDE px (the largest image
// breakpoint, 1536, with room for a 2x crop); GIFs are kept as they are (animation).
export const MAX_IMAGE_SIDE = 2560;
export const RESIZE_ABOVE_BYTES = 2 * 1024 * 1024;

/** The size to draw at: the same when it fits, else scaled so the longest side is `max`. */
export function fitWithin(width: number, height: number, max = MAX_IMAGE_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function resizeIfLarge(file: File): Promise<File> {
  if (file.type === 'image/gif') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file; // the server judges what the browser cannot decode
  }
  const size = fitWithin(bitmap.width, bitmap.height);
  if (size.width === bitmap.width && file.size <= RESIZE_ABOVE_BYTES) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
  if (!blob) return file;
  return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
}
