// Writes pre-compressed siblings (file.gz, file.br) next to every text file in
// dist/ larger than 1 KB, so `jobhafen serve` can send them as they are instead of
// compressing on every request. Maximum levels are affordable because this runs
// once per build: gzip level 9, brotli quality 11.
// Already-compressed formats (images, fonts) are skipped: they would not shrink.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const MIN_BYTES = 1024;
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.map']);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

for await (const path of files(DIST)) {
  if (!TEXT_EXTENSIONS.has(extname(path))) continue;
  const data = await readFile(path);
  if (data.length <= MIN_BYTES) continue;

  const gz = gzipSync(data, { level: 9 });
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  await writeFile(`${path}.gz`, gz);
  await writeFile(`${path}.br`, br);
  console.log(`${relative(DIST, path).padEnd(40)} ${kb(data.length)} │ gzip ${kb(gz.length)} │ br ${kb(br.length)}`);
}
