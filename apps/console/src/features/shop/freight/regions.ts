// The common city list (provinces, cities, districts; storeInit's cityList) as the freight screens read it: a
// region's path up to its province, for the calculation, and its name with its parents for the merchant.
import type { City } from '../../../app/storeInit';

/** The region and the ones above it, most specific first (district, city, province). */
export function regionPathOf(cities: readonly City[], code: string): string[] {
  const byCode = new Map(cities.map((city) => [city.cityCode, city]));
  const path: string[] = [];
  for (let city = byCode.get(code); city && path.length < 5; city = byCode.get(city.parentCode)) path.push(city.cityCode);
  return path;
}

/** "Guangdong / Shenzhen / Nanshan District" for a district; the code itself when the list does not hold it. */
export function regionLabel(cities: readonly City[], code: string): string {
  const byCode = new Map(cities.map((city) => [city.cityCode, city]));
  const names = regionPathOf(cities, code).map((c) => byCode.get(c)?.cityName ?? c).reverse();
  return names.length > 0 ? names.join(' / ') : code;
}

/** The sample address of the release picker's preview: the first district of the list. */
export const sampleDistrict = (cities: readonly City[]): City | undefined => cities.find((city) => city.level === 3);
