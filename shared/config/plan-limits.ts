/**
 * The free plan's limits (SPEC §9), as the screens describe them: the pricing modal, the tutorial,
 * the plan corner and the Staff List. The database enforces every one of them; these numbers only
 * say what it enforces.
 */

/** Shifts a free company may post before it must upgrade. */
export const FREE_SHIFT_LIMIT = 10;

/** Frontline staff a free company may onboard. */
export const FREE_STAFF_LIMIT = 30;

/**
 * Assistant questions per calendar month on the free plan. The database's
 * `public.assistant_free_question_limit()` is the authority; this is shown until it has answered.
 */
export const FREE_QUESTIONS_PER_MONTH = 25;
