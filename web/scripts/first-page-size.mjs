// Prints the JavaScript and CSS the first page needs — the entry script and every chunk
// index.html preloads — with their gzip sizes (from the .gz files scripts/compress.mjs wrote),
// and the total of all JavaScript in dist/assets. Fails when the first page's JavaScript is over
// the 250 KB gzip budget.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const BUDGET_KB = 250;

async function gzSize(relative) {
  const path = join(DIST, relative);
  try {
    return (await stat(`${path}.gz`)).size;
  } catch {
    return gzipSync(await readFile(path), { level: 9 }).length; // small files have no .gz
  }
}

const html = await readFile(join(DIST, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const kb = (bytes) => (bytes / 1024).toFixed(1);

let firstJs = 0;
let firstCss = 0;
for (const file of new Set(first)) {
  const size = await gzSize(file);
  if (file.endsWith('.js')) firstJs += size;
  else firstCss += size;
  console.log(`first page  ${file.padEnd(44)} ${kb(size).padStart(7)} KB gzip`);
}
let allJs = 0;
for (const name of await readdir(join(DIST, 'assets'))) if (name.endsWith('.js')) allJs += await gzSize(`assets/${name}`);
console.log(`first page JavaScript: ${kb(firstJs)} KB gzip (budget ${BUDGET_KB} KB), CSS: ${kb(firstCss)} KB gzip`);
console.log(`all JavaScript: ${kb(allJs)} KB gzip`);
if (firstJs > BUDGET_KB * 1024) {
  console.error(`the first page's JavaScript is over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}
