/** Places a shift can be posted to. The staff types and skills are in @shared/config/care-roles.ts. */
import type { DashboardKey } from '../../i18n/catalogues.ts';

/** The product works in Canada and the US (SPEC §1). */
export const SHIFT_COUNTRY_OPTIONS = ['Canada', 'United States'] as const;

export interface RegionOption {
  value: string;
  label: string;
  /** The name in the catalogue, where the person's language names it differently (Canada's). */
  labelKey?: DashboardKey;
}

const CANADA: RegionOption[] = (
  [
    ['AB', 'Alberta', 'region.AB'],
    ['BC', 'British Columbia', 'region.BC'],
    ['MB', 'Manitoba', 'region.MB'],
    ['NB', 'New Brunswick', 'region.NB'],
    ['NL', 'Newfoundland and Labrador', 'region.NL'],
    ['NS', 'Nova Scotia', 'region.NS'],
    ['NT', 'Northwest Territories', 'region.NT'],
    ['NU', 'Nunavut', 'region.NU'],
    ['ON', 'Ontario', 'region.ON'],
    ['PE', 'Prince Edward Island', 'region.PE'],
    ['QC', 'Quebec', 'region.QC'],
    ['SK', 'Saskatchewan', 'region.SK'],
    ['YT', 'Yukon', 'region.YT'],
  ] as const
).map(([value, label, labelKey]) => ({ value, label, labelKey }));

const UNITED_STATES: RegionOption[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([value, label]) => ({ value: value!, label: label! }));

/** Provinces and territories, or states, of a country of SHIFT_COUNTRY_OPTIONS (empty otherwise). */
export function regionOptions(country: string): RegionOption[] {
  if (country === 'Canada') return CANADA;
  if (country === 'United States') return UNITED_STATES;
  return [];
}
