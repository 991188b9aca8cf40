/**
 * SPEC's English texts stay the English entries, character for character, on the screens whose
 * texts come from the catalogue (issue 29). Each entry names the key and SPEC's text; the test
 * checks that the English catalogue says exactly that and, where SPEC sits beside the repository
 * (../shared/SPEC.md, as on the team's machines; a clean CI checkout has only the repository), that
 * SPEC still says it. Widen the list with each converted screen.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../stack/src/config.ts';
import shared from '../shared/i18n/catalogues/en.json';
import dashboard from '../src/i18n/en.json';
import staff from '../staff/src/i18n/en.json';

const specPath = path.join(projectRoot, '..', 'shared', 'SPEC.md');
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : null;

/** Raw (uncompiled) English messages: read as text, since the unit project compiles imports. */
const english: Record<string, string> = Object.fromEntries(
  ['shared/i18n/catalogues/en.json', 'src/i18n/en.json', 'staff/src/i18n/en.json'].flatMap((file) =>
    Object.entries(JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, string>),
  ),
);

const SPEC_TEXTS: [key: keyof typeof shared | keyof typeof dashboard | keyof typeof staff, text: string][] = [
  // §1 and §2: the landing page and the auth screens.
  ['landing.hero.getAccess', 'Get Access'],
  ['landing.hero.goToAccount', 'Go to Account'],
  ['auth.signup.title', 'Sign up'],
  ['auth.signup.submit', 'Sign up'],
  ['auth.email', 'Email'],
  ['auth.password', 'Password'],
  ['password.confirm', 'Confirm Password'],
  ['auth.login.createOne', 'Create one'],
  ['auth.logIn', 'Log in'],
  ['auth.logInAction', 'Log in'],
  // §4: the buttons' busy states.
  ['auth.signup.submitting', 'Signing up...'],
  ['auth.loggingIn', 'Logging in...'],
  // §5: validation of sign-up and log-in.
  ['validation.emailRequired', 'Email is required'],
  ['validation.emailInvalid', 'Please enter a valid email'],
  ['validation.workerEmail', 'It seems you are a worker. Download the app instead if so'],
  ['validation.passwordCriteria', 'Password does not meet all criteria'],
  ['validation.confirmRequired', 'Please confirm your password'],
  ['validation.confirmMismatch', 'Passwords do not match'],
  ['validation.passwordRequired', 'Password is required'],
  ['validation.phoneRequired', 'Phone is required'],
  ['validation.phoneDigits', 'Phone must be 10 digits'],
  // §2 and §5: onboarding, its validation and its save failures (§7).
  ['onboarding.title', 'Complete Your Profile'],
  ['validation.streetRequired', 'Street is required'],
  ['validation.cityRequired', 'City is required'],
  ['validation.provinceRequired', 'Province is required'],
  ['validation.countryRequired', 'Country is required'],
  ['validation.postalCodeRequired', 'Postal code is required'],
  ['validation.staffSizeRequired', 'Staff size is required'],
  ['validation.referralRequired', 'Please select an option'],
  ['validation.companyTypeRequired', 'Company type is required'],
  ['error.onboardingUnexpected', 'An unexpected error occurred. Please try again'],
  ['error.network', 'Network error. Check your internet connection and try again'],
  ['error.database', 'Database connection error. Please check your network or try again later'],
  ['error.emailInUse', 'Email already in use. Please use another email'],
  ['error.invalidEmail', 'Invalid email format. Please check and try again'],
  ['error.operationNotAllowed', 'Operation not allowed. Please contact support'],
  ['error.userDisabled', 'Your account has been disabled. Contact support for assistance'],
  ['error.wrongPassword', 'Incorrect password. Please try again'],
  ['error.userNotFound', 'User not found. Please check your credential'],
  ['error.invalidCredentials', 'Invalid credentials. Please verify and try again'],
  ['error.tooManyRequests', 'Too many requests. Please try again late.'],
  ['error.recentLogin', 'Requires recent login. Please sign in again'],
  ['error.unknown', 'An unknown error occurred'],
  ['error.generic', 'Error. Please try again'],
  // §1, §2 and §4: the dashboard's frame, its profile menu and the confirmation dialog.
  ['nav.shiftCall', 'Shift Call'],
  ['nav.shiftDetails', 'Shift Details'],
  ['nav.staffList', 'Staff List'],
  ['plan.getPremium', 'Get Premium'],
  ['profileMenu.billing', 'Payments & Plan'],
  ['profileMenu.tutorial', 'Tutorial'],
  ['profileMenu.feedback', 'Feedback'],
  ['profileMenu.support', 'Contact Support'],
  ['profileMenu.policies', 'Policies'],
  ['profileMenu.logOut', 'Log Out'],
  ['profileMenu.loggedOut', 'Logged out successfully'],
  ['profileMenu.logOutFailed', 'Error logging out'],
  ['confirm.title', 'Are you sure?'],
  ['confirm.submit', 'Submit'],
  ['confirm.cancel', 'Cancel'],
  // §1 and §5: the Shift Call form's fields and rules.
  ['shiftCall.staffType', 'Staff type'],
  ['shiftCall.skill', 'Skill'],
  ['shiftCall.start', 'Start'],
  ['shiftCall.end', 'End'],
  ['shiftCall.streetNumber', 'Street number'],
  ['shiftCall.streetName', 'Street name'],
  ['shiftCall.city', 'City'],
  ['shiftCall.province', 'Province'],
  ['shiftCall.country', 'Country'],
  ['shiftCall.postalCode', 'Postal code'],
  ['shiftCall.notes', 'Extra information'],
  ['shiftCall.submit', 'Submit'],
  ['shiftCall.rule.staffTypeRequired', 'Staff type is required'],
  ['shiftCall.rule.skillRequired', 'Skill is required'],
  ['shiftCall.rule.streetNumberRequired', 'Street number is required'],
  ['shiftCall.rule.streetNumberNumeric', 'Street number must be numeric'],
  ['shiftCall.rule.streetNameRequired', 'Street name is required'],
  ['shiftCall.rule.startRequired', 'Start date is required'],
  ['shiftCall.rule.startInPast', 'Start date cannot be in the past'],
  ['shiftCall.rule.endRequired', 'End date is required'],
  ['shiftCall.rule.endBeforeStart', 'End date must be after start date'],
  // §2 and §8: the post's confirmation, toast and failures.
  ['shiftCall.sent.everyone', 'Your new shift has been sent. All frontline staff are notified'],
  ['shiftCall.failure.notGeocoded', 'Failed to submit: address could not be geocoded'],
  ['shiftCall.failure.saveFailed', 'Failed to submit'],
  ['shiftCall.failure.notLoggedIn', 'User not logged in'],
  // §2, §4 and §8: the upsell popup, the return from checkout and the upgrade's failures.
  ['billing.upsell.title', 'Go unlimited'],
  ['billing.upsell.unlock', 'Unlock Premium'],
  ['billing.upsell.goPremium', 'Go Premium'],
  ['billing.welcome', 'Welcome to the family!'],
  ['billing.error.notLoggedIn', 'You must be logged in to upgrade'],
  ['billing.error.checkoutFailed', 'There was an error starting the checkout. Please try again'],
  // §2 and §8: Shift Details' columns, menu, fallbacks and outcomes.
  ['shifts.column.id', 'ShiftID'],
  ['shifts.column.created', 'Date created'],
  ['shifts.column.status', 'Status'],
  ['shifts.column.staff', 'Staff'],
  ['shifts.column.location', 'Shift location'],
  ['shifts.column.accepted', 'Time accepted'],
  ['shifts.column.duration', 'Duration'],
  ['shifts.column.skill', 'Skill'],
  ['shifts.column.staffType', 'Staff type'],
  ['shifts.column.hoursDone', 'Hours done'],
  ['shifts.column.clockedIn', 'Time clockedin'],
  ['shifts.column.clockedOut', 'Time clockedout'],
  ['shifts.menu.clockOut', 'Clock Staff Out'],
  ['shifts.menu.copyId', 'Copy ShiftID'],
  ['shifts.menu.delete', 'Delete'],
  ['shifts.noName', 'N/A'],
  ['shifts.notClockedIn', 'Not Clocked In'],
  ['shifts.notClockedOut', 'Not Clocked Out'],
  ['shifts.nameLoading', 'Loading...'],
  ['shifts.clockOut.notClockedIn', 'Staff has not clocked in'],
  ['shifts.clockOut.alreadyOut', 'Staff already clocked out'],
  ['shifts.clockOut.timeDoneRequired', 'Time Done cannot be empty'],
  ['shifts.clockOut.success', 'Staff clocked out successfully'],
  ['shifts.clockOut.failure', 'Failed to clock staff out'],
  ['shifts.delete.success', 'Shift deleted successfully'],
  ['shifts.delete.failure', 'Failed to delete shift'],
  ['shifts.copy.success', 'Shift ID successfully copied'],
  ['shifts.copy.failure', 'Failed to copy Shift ID'],
  ['table.noResult', 'No result'],
  ['table.noResultDescription', 'You currently have no data'],
  ['shiftStatus.pending', 'Pending'],
  ['shiftStatus.assigned', 'Assigned'],
  ['shiftStatus.inProgress', 'In-progress'],
  ['shiftStatus.completed', 'Completed'],
  // §8 and §9: the assistant panel.
  ['assistantPanel.prompt.shift', 'Provide me details about a shift'],
  ['assistantPanel.prompt.staff', 'Provide me details about a staff'],
  ['assistantPanel.sorry', "Sorry, I can't help with that."],
  ['assistantPanel.goPremium', 'Go Premium'],
  // §2, §3 and §8: the feedback survey's choices and its thanks.
  ['feedback.thanks.received', 'Your feedback has been received'],
  ['feedback.choice.yes', 'Yes'],
  ['feedback.choice.no', 'No'],
  ['feedback.choice.shiftCall', 'Shift Call'],
  ['feedback.choice.shiftList', 'Shift List'],
  ['feedback.choice.staffList', 'Staff List'],
  ['feedback.choice.veryDisappointed', 'Very disappointed'],
  ['feedback.choice.somewhatDisappointed', 'Somewhat disappointed'],
  ['feedback.choice.notDisappointed', 'Not disappointed'],
  // §2: the Staff List and its row's menu.
  ['staffList.title', 'Staff List'],
  ['staffList.column.firstName', 'First name'],
  ['staffList.column.lastName', 'Last name'],
  ['staffList.column.email', 'Email'],
  ['staffList.column.phone', 'Phone'],
  ['staffList.viewShifts', 'View Shifts'],
];

describe('SPEC’s English texts in the catalogue', () => {
  it.each(SPEC_TEXTS)('%s is SPEC’s "%s"', (key, text) => {
    expect(english[key]).toBe(text);
  });

  it.skipIf(spec === null)('SPEC still says each of them', () => {
    for (const [, text] of SPEC_TEXTS) expect(spec, `SPEC.md no longer says "${text}"`).toContain(text);
  });

  it('compiles each of them to the same text (no ICU syntax in them)', () => {
    const compiled = { ...shared, ...dashboard, ...staff } as Record<string, unknown>;
    for (const [key, text] of SPEC_TEXTS) expect(compiled[key], key).toEqual([text]);
  });
});
