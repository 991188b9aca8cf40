import { loadSupabase } from '@shared/lib/supabase.ts';
import { isUsableLocation, notGeocoded, notLoggedIn } from '../post-shift-errors.ts';

export interface AddressParts {
  streetNumber: string;
  streetName: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
}

export interface GeocodedAddress {
  lat: number;
  lng: number;
  formattedAddress: string;
  /** The street was found but not the house number: formattedAddress says what was matched. */
  isApproximate?: boolean;
}

/**
 * The `geocode` edge function (the Maps key stays on the server). A 422 `not_geocoded`, 0,0 or
 * any other failure to get coordinates throws the "could not be geocoded" outcome; a 401 throws
 * "User not logged in".
 */
export async function geocodeAddress(address: AddressParts): Promise<GeocodedAddress> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<GeocodedAddress>('geocode', { body: address });
  if (error) {
    // FunctionsHttpError carries the Response; checked by shape so the dashboard chunk does not pull
    // functions-js' error module out of the lazily loaded supabase-js chunk.
    const context: unknown = (error as { context?: unknown }).context;
    if (context instanceof Response && context.status === 401) throw notLoggedIn();
    throw notGeocoded();
  }
  if (!data || !isUsableLocation(data.lat, data.lng)) throw notGeocoded();
  return data;
}
