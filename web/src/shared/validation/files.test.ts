// The file rules of candidate-side.md section 5: "Datei muss ein Bild sein" and "Die Datei ist zu groß".
import { describe, expect, it } from 'vitest';
import { fileSize, imageFile, messages } from './index';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('imageFile', () => {
  it.each([
    ['foto.jpg', 'image/jpeg'], ['foto.png', 'image/png'], ['foto.webp', 'image/webp'], ['foto.gif', 'image/gif'], ['FOTO.JPEG', ''],
  ])('%s (%s) is an image', (name, type) => expect(imageFile(file(name, type))).toBeNull());
  it.each([
    ['lebenslauf.pdf', 'application/pdf'], ['bild.svg', 'image/svg+xml'], ['bild.heic', 'image/heic'], ['film.mp4', 'video/mp4'], ['bild', ''],
  ])('%s (%s) is refused with the spec message', (name, type) =>
    expect(imageFile(file(name, type))).toBe('Datei muss ein Bild sein'));
  it('no file is not an error of this rule', () => expect(imageFile(null)).toBeNull());
});

describe('fileSize', () => {
  it('passes up to the limit and refuses above it', () => {
    expect(fileSize(1024)(file('a.jpg', 'image/jpeg', 1024))).toBeNull();
    expect(fileSize(1024)(file('a.jpg', 'image/jpeg', 1025))).toBe(messages.size);
    expect(messages.size).toBe('Die Datei ist zu groß');
  });
});
