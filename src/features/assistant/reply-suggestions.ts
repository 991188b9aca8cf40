/**
 * When the assistant cannot answer a question it says so and suggests close ones (issue 19), as
 * lettered sub-points after a sentence with "You could ask", e.g.
 *
 *   1. I can't answer that yet. You could ask:
 *      a. Which shifts are pending?
 *      b. Who accepted the most shifts this month?
 *
 * The panel shows those lines as buttons that ask the question. Only lines after the phrase count
 * ("You can ask" too, the built-in assistant's older wording, and the French replies' "Vous
 * pourriez me demander" / "Vous pouvez demander"), and only list items: lettered ones, or any item
 * that is itself a question.
 */
import type { ReplyLine } from './reply-lines.ts';

const PHRASE = /you (?:could|can) ask|vous (?:pourriez|pouvez) (?:me )?demander/i;
const QUOTES = /^["'“‘«]+|["'”’»]+$/g;

/** The suggested question each line stands for, by line index; lines that are not suggestions are absent. */
export function suggestedQuestions(lines: readonly ReplyLine[]): Map<number, string> {
  const suggestions = new Map<number, string>();
  const start = lines.findIndex((line) => PHRASE.test(line.text));
  if (start === -1) return suggestions;
  lines.forEach((line, index) => {
    if (index <= start || !line.marker) return;
    const question = line.text.trim().replace(QUOTES, '').trim();
    if (question === '') return;
    if (/^[a-z][.)]$/.test(line.marker) || question.endsWith('?')) suggestions.set(index, question);
  });
  return suggestions;
}
