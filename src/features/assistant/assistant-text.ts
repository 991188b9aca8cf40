/**
 * The assistant panel's own wording (SPEC §2, §8, §9), in the person's language (issue 29). The
 * answers are the `assistant` function's, already in the question's language: they are shown as
 * they came, never translated here.
 */
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import type { ChatEntry, PanelReason } from './chat-conversation.ts';

export type AnsweredBy = 'model' | 'builtin';

/**
 * SPEC §9's quick prompts, offered in the welcome state. The text shown is the question asked, so
 * a French panel asks in French and the assistant answers in French.
 */
export function quickPrompts(t: Translate<DashboardKey>): string[] {
  return [t('assistantPanel.prompt.shift'), t('assistantPanel.prompt.staff')];
}

/** Everyday questions a scheduler asks, offered in the welcome state beside the quick prompts (issue 19). */
export function everydayQuestions(t: Translate<DashboardKey>): string[] {
  return [
    t('assistantPanel.question.unfilled'),
    t('assistantPanel.question.mostAccepted'),
    t('assistantPanel.question.pending'),
    t('assistantPanel.question.late'),
  ];
}

/** Which kind of assistant answered, as the panel shows it under a reply; the provider is never named. */
export function replyKindLabel(answeredBy: AnsweredBy, t: Translate<DashboardKey>): string {
  return answeredBy === 'builtin' ? t('assistantPanel.answeredBy.builtin') : t('assistantPanel.answeredBy.model');
}

/** The free plan's questions left this month; the plan's total is not shown (SPEC §1). */
export function remainingLabel(remaining: number, t: Translate<DashboardKey>): string {
  return t('assistantPanel.remaining', { count: Math.max(0, Math.floor(remaining)) });
}

/**
 * The apology the `assistant` function writes itself before a failed answer's reason (SPEC §8, in
 * English: the function's words). Read only to avoid apologising twice; never shown from here.
 */
const FUNCTION_APOLOGY = "Sorry, I can't help with that.";

/**
 * SPEC §8's failure text: the apology, then the reason. `reason` is the function's own words (kept
 * as they came, apology included when it wrote one); `panelReason` a failure the panel words itself
 * (no answer reached it), said in the person's language.
 */
export function failureText(reason: string, t: Translate<DashboardKey>, panelReason?: PanelReason): string {
  if (panelReason) {
    return t('assistantPanel.failure', { reason: t(panelReason === 'network' ? 'error.network' : 'error.generic') });
  }
  const text = reason.trim();
  if (text === '') return t('assistantPanel.sorry');
  if (text.startsWith(FUNCTION_APOLOGY) || text.startsWith(t('assistantPanel.sorry'))) return text;
  return t('assistantPanel.failure', { reason: text });
}

/**
 * The free plan's refusal once its questions are used up. The database words it ("You have used
 * all 25 assistant questions…"); the panel says the same in the person's language, with the
 * database's number. A sentence without a number is shown as the database wrote it.
 */
export function quotaText(message: string, t: Translate<DashboardKey>): string {
  const count = /\d+/.exec(message)?.[0];
  return count === undefined ? message : t('assistantPanel.quotaExceeded', { count: Number(count) });
}

/** What a conversation bubble says: the person's question and the answers as they are, the panel's own notices translated. */
export function entryText(entry: ChatEntry, t: Translate<DashboardKey>): string {
  if (entry.kind === 'failure') return failureText(entry.text, t, entry.panelReason);
  if (entry.kind === 'quota') return quotaText(entry.text, t);
  return entry.text;
}
