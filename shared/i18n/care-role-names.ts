import { useSharedT, type SharedKey } from './keys.ts';

/**
 * The names of the staff types and skills of shared/config/care-roles.ts in the person's language.
 * The database stores the English value (dispatch matches on it), so a screen shows the name and
 * keeps the value; a value an agency typed itself has no name here and shows as typed.
 */
const NAME_KEYS: Partial<Record<string, SharedKey>> = {
  'Personal Support Worker': 'careRole.staffType.psw',
  'Developmental Service Worker': 'careRole.staffType.dsw',
  'Child and Youth Worker': 'careRole.staffType.cyw',
  'Registered Practical Nurse': 'careRole.staffType.rpn',
  'Registered Nurse': 'careRole.staffType.rn',
  'Direct Support Professional': 'careRole.staffType.dsp',
  // The abbreviations agencies type (and the demo data uses) for the commonest roles.
  PSW: 'careRole.staffType.pswShort',
  RPN: 'careRole.staffType.rpnShort',
  RN: 'careRole.staffType.rnShort',
  'Personal care': 'careRole.skill.personalCare',
  'Medication administration': 'careRole.skill.medication',
  'Dementia care': 'careRole.skill.dementia',
  'Behavioural support': 'careRole.skill.behavioural',
  'Palliative care': 'careRole.skill.palliative',
  'Mobility and transfers': 'careRole.skill.mobility',
  Companionship: 'careRole.skill.companionship',
};

/** The catalogue key naming a staff type or skill of care-roles.ts; undefined for a value typed by an agency. */
export function careRoleNameKey(value: string): SharedKey | undefined {
  return NAME_KEYS[value];
}

/** A staff type's or skill's name in the active language. */
export function useCareRoleName(): (value: string) => string {
  const t = useSharedT();
  return (value) => {
    const key = careRoleNameKey(value);
    return key ? t(key) : value;
  };
}
