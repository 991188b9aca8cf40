/** The assistant's fixed wording (SPEC §2, §8, §9). */

/** The assistant's name everywhere in the dashboard; the provider behind it is never named. */
export const ASSISTANT_NAME = 'CareCover AI';

/** SPEC §9's quick prompts, offered in the welcome state. */
export const QUICK_PROMPTS = ['Provide me details about a shift', 'Provide me details about a staff'] as const;

/** Everyday questions a scheduler asks, offered in the welcome state beside the quick prompts (issue 19). */
export const EVERYDAY_QUESTIONS = [
  'Which shifts are still unfilled this week?',
  'Who accepted the most shifts this month?',
  'Which shifts are pending?',
  'Who was late this week?',
] as const;

/** SPEC §8: a failed answer reads 'Sorry, I can't help with that.' followed by the error message. */
export const SORRY = "Sorry, I can't help with that.";

export type AnsweredBy = 'model' | 'builtin';

const REPLY_KIND_LABELS: Record<AnsweredBy, string> = {
  builtin: 'Built-in assistant',
  model: `${ASSISTANT_NAME} model`,
};

/** Which kind of assistant answered, as the panel shows it under a reply. */
export function replyKindLabel(answeredBy: AnsweredBy): string {
  return REPLY_KIND_LABELS[answeredBy];
}

/** The free plan's questions left this month; the plan's total is not shown (SPEC §1). */
export function remainingLabel(remaining: number): string {
  const left = Math.max(0, Math.floor(remaining));
  return `${left} ${left === 1 ? 'question' : 'questions'} left this month`;
}

/** SPEC §8's failure text: the apology, then the reason when there is one. */
export function failureText(message: string): string {
  const reason = message.trim();
  if (reason === '' || reason.startsWith(SORRY)) return reason || SORRY;
  return `${SORRY} ${reason}`;
}
