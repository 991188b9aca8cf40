import { formatNumber } from '@shared/i18n/format.ts';
import type { Locale } from '@shared/i18n/locale.ts';

/** Great-circle distance in metres (haversine), the same formula the database uses for clock-ins. */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** '350 m' under a kilometre, '1.2 km' ('1,2 km') to 10 km, then whole kilometres. */
export function formatDistance(metres: number, locale: Locale = 'en'): string {
  // French keeps the number and its unit on one line (a no-break space, as OQLF writes it).
  const space = locale === 'en' ? ' ' : '\u00a0';
  const tens = Math.round(metres / 10) * 10;
  if (tens < 1000) return `${tens}${space}m`;
  if (metres < 10_000) {
    return `${formatNumber(metres / 1000, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}${space}km`;
  }
  return `${formatNumber(Math.round(metres / 1000), locale)}${space}km`;
}
