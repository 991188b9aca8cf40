// SPEC §9's quick prompts and the replies that ask for a ShiftID or address, or a staff name. The
// texts are today's (builtin.ts), so the chat panel's quick prompts keep working unchanged; the
// follow-up is recognised by the phrase the reply contains.

export const SHIFT_QUICK_PROMPT = 'Provide me details about a shift';
export const STAFF_QUICK_PROMPT = 'Provide me details about a staff';

export const ASK_SHIFT_PHRASE = 'send me its ShiftID or its address';
export const ASK_STAFF_PHRASE = 'send me the name of the staff member';

export const ASK_SHIFT = [
  '1. I can give you the details of one shift.',
  `   a. Please ${ASK_SHIFT_PHRASE}, for example 1a2b3c4d or 100 Queen Street West.`,
  '   b. You can copy a ShiftID from the Shift Details table: right-click a row and choose Copy ShiftID.',
].join('\n');

export const ASK_STAFF = [
  '1. I can give you the details of one staff member.',
  `   a. Please ${ASK_STAFF_PHRASE}, for example their first and last name as shown in the Staff List.`,
].join('\n');

// The same questions in French, for a French question (issue 29); the follow-up is recognised by
// either language's phrase.
export const ASK_SHIFT_PHRASE_FR = 'm’envoyer son ShiftID ou son adresse';
export const ASK_STAFF_PHRASE_FR = 'm’envoyer le nom du membre du personnel';

export const ASK_SHIFT_FR = [
  '1. Je peux vous donner les détails d’un quart.',
  `   a. Veuillez ${ASK_SHIFT_PHRASE_FR}, par exemple 1a2b3c4d ou 100 Queen Street West.`,
  '   b. Vous pouvez copier un ShiftID dans le tableau Détails des quarts\u00a0: faites un clic droit sur une ligne et choisissez Copier l’identifiant du quart.',
].join('\n');

export const ASK_STAFF_FR = [
  '1. Je peux vous donner les détails d’un membre du personnel.',
  `   a. Veuillez ${ASK_STAFF_PHRASE_FR}, par exemple son prénom et son nom tels qu’ils figurent dans la Liste du personnel.`,
].join('\n');

/** Whether an assistant reply asked for a shift's ShiftID or address (in either language). */
export const asksForShift = (reply: string): boolean =>
  reply.includes(ASK_SHIFT_PHRASE) || reply.includes(ASK_SHIFT_PHRASE_FR);

/** Whether an assistant reply asked for a staff member's name (in either language). */
export const asksForStaff = (reply: string): boolean =>
  reply.includes(ASK_STAFF_PHRASE) || reply.includes(ASK_STAFF_PHRASE_FR);

/** When a ShiftID or address sent after ASK_SHIFT finds nothing: asks again (same phrase). */
export const SHIFT_NOT_FOUND = [
  '1. I could not find a shift with that ShiftID or address.',
  `   a. Please ${ASK_SHIFT_PHRASE} again, for example 1a2b3c4d or 100 Queen Street West.`,
  '   b. You can copy a ShiftID from the Shift Details table: right-click a row and choose Copy ShiftID.',
].join('\n');

export const SHIFT_NOT_FOUND_FR = [
  '1. Je n’ai trouvé aucun quart avec ce ShiftID ou cette adresse.',
  `   a. Veuillez ${ASK_SHIFT_PHRASE_FR} de nouveau, par exemple 1a2b3c4d ou 100 Queen Street West.`,
  '   b. Vous pouvez copier un ShiftID dans le tableau Détails des quarts\u00a0: faites un clic droit sur une ligne et choisissez Copier l’identifiant du quart.',
].join('\n');

/** The question a cover answer asks when several shifts fit (the pick that follows is read by it). */
export const COVER_PICK_PHRASE = 'which one should I find cover for';
export const COVER_PICK_PHRASE_FR = 'pour lequel dois-je trouver quelqu’un';

/** Whether an assistant reply asked which of several shifts to find cover for (in either language). */
export const asksCoverPick = (reply: string): boolean =>
  reply.includes(COVER_PICK_PHRASE) || reply.includes(COVER_PICK_PHRASE_FR);

/** A cover question that names no shift at all. */
export const COVER_WHICH_SHIFT =
  'Which shift should I find cover for? Send me its ShiftID, or its address and day (for example: who can cover the shift at 100 Queen Street West tomorrow?).';
export const COVER_WHICH_SHIFT_FR =
  'Pour quel quart dois-je trouver quelqu’un? Envoyez-moi son ShiftID, ou son adresse et le jour (par exemple\u00a0: qui peut couvrir le quart au 100 Queen Street West demain?).';
