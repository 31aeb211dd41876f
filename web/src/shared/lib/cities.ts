// The cities of the candidate menu (site-shell-and-providers.md, section 2): slug, position and
// the city-search distance of 50000 m. Menus link to them; city landing pages use their position
// and name when the content system has no entry for the city.
export type City = {
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
  /** Metres. */
  distance: number;
  teasered: boolean;
};

/** The city menu entries: 50 km (50000 m) around each. */
export const MENU_CITIES: readonly City[] = [
  { name: 'Berlin', slug: 'berlin', latitude: 52.52, longitude: 13.405, distance: 50000, teasered: true },
  { name: 'Dresden', slug: 'dresden', latitude: 51.0504, longitude: 13.7373, distance: 50000, teasered: false },
  { name: 'Düsseldorf', slug: 'duesseldorf', latitude: 51.2277, longitude: 6.7735, distance: 50000, teasered: true },
  { name: 'Frankfurt am Main', slug: 'frankfurt-am-main', latitude: 50.1109, longitude: 8.6821, distance: 50000, teasered: true },
  { name: 'Hamburg', slug: 'hamburg', latitude: 53.5511, longitude: 9.9937, distance: 50000, teasered: true },
  { name: 'Hannover', slug: 'hannover', latitude: 52.3759, longitude: 9.732, distance: 50000, teasered: false },
  { name: 'Kiel', slug: 'kiel', latitude: 54.3233, longitude: 10.1228, distance: 50000, teasered: false },
  { name: 'Köln', slug: 'koeln', latitude: 50.9375, longitude: 6.9603, distance: 50000, teasered: true },
  { name: 'München', slug: 'muenchen', latitude: 48.1351, longitude: 11.582, distance: 50000, teasered: true },
  { name: 'Stuttgart', slug: 'stuttgart', latitude: 48.7758, longitude: 9.1829, distance: 50000, teasered: false },
];
