// The cities of the candidate menu (site-shell-and-providers.md, section 2): slug, position and
// the city-search distance (the search's default radius, in metres). Menus link to them; city landing pages use their position
// and name when the content system has no entry for the city.
import { DEFAULT_DISTANCE_KM } from './search-address';

/** A city's search radius in metres: the search's default (50 km), the one number for both. */
const CITY_RADIUS_M = DEFAULT_DISTANCE_KM * 1000;

export type City = {
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
  /** Metres. */
  distance: number;
  teasered: boolean;
};

/** The city menu entries: the default radius around each. */
export const MENU_CITIES: readonly City[] = [
  { name: 'Berlin', slug: 'berlin', latitude: 52.52, longitude: 13.405, distance: CITY_RADIUS_M, teasered: true },
  { name: 'Dresden', slug: 'dresden', latitude: 51.0504, longitude: 13.7373, distance: CITY_RADIUS_M, teasered: false },
  { name: 'Düsseldorf', slug: 'duesseldorf', latitude: 51.2277, longitude: 6.7735, distance: CITY_RADIUS_M, teasered: true },
  { name: 'Frankfurt am Main', slug: 'frankfurt-am-main', latitude: 50.1109, longitude: 8.6821, distance: CITY_RADIUS_M, teasered: true },
  { name: 'Hamburg', slug: 'hamburg', latitude: 53.5511, longitude: 9.9937, distance: CITY_RADIUS_M, teasered: true },
  { name: 'Hannover', slug: 'hannover', latitude: 52.3759, longitude: 9.732, distance: CITY_RADIUS_M, teasered: false },
  { name: 'Kiel', slug: 'kiel', latitude: 54.3233, longitude: 10.1228, distance: CITY_RADIUS_M, teasered: false },
  { name: 'Köln', slug: 'koeln', latitude: 50.9375, longitude: 6.9603, distance: CITY_RADIUS_M, teasered: true },
  { name: 'München', slug: 'muenchen', latitude: 48.1351, longitude: 11.582, distance: CITY_RADIUS_M, teasered: true },
  { name: 'Stuttgart', slug: 'stuttgart', latitude: 48.7758, longitude: 9.1829, distance: CITY_RADIUS_M, teasered: false },
];
