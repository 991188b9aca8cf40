import { describe, expect, it } from 'vitest';
import { replyLines } from './reply-lines.ts';
import { suggestedQuestions } from './reply-suggestions.ts';

const suggestions = (reply: string) => [...suggestedQuestions(replyLines(reply)).values()];

describe('suggestedQuestions', () => {
  it('reads the lettered lines after "You could ask"', () => {
    const reply = [
      "1. I can't answer questions about pay yet. You could ask:",
      '   a. Which shifts are pending?',
      '   b. Who accepted the most shifts this month?',
    ].join('\n');
    expect(suggestions(reply)).toEqual(['Which shifts are pending?', 'Who accepted the most shifts this month?']);
    expect([...suggestedQuestions(replyLines(reply)).keys()]).toEqual([1, 2]);
  });

  it('accepts the phrase in any case, on its own line, and quoted or numbered questions', () => {
    const reply = 'I did not follow.\nyou could ask\n1. "Who was late this week?"\n2. Open Shift Details';
    expect(suggestions(reply)).toEqual(['Who was late this week?']);
  });

  it('reads the older "You can ask me, for example" wording too', () => {
    const reply = '1. I did not understand that question.\n2. You can ask me, for example:\n   a. Who is on shift now?';
    expect(suggestions(reply)).toEqual(['Who is on shift now?']);
  });

  it('reads the French reply\'s "Vous pourriez me demander" (issue 29)', () => {
    // The built-in assistant's French "I can't answer that" (supabase/functions/assistant/builtin/replies-fr.ts).
    const reply = [
      '1. Je ne peux pas encore répondre à cette question.',
      '2. Vous pourriez me demander, par exemple\u00a0:',
      '   a. Quels quarts sont encore en attente cette semaine?',
      '   b. Qui est en quart maintenant?',
    ].join('\n');
    expect(suggestions(reply)).toEqual([
      'Quels quarts sont encore en attente cette semaine?',
      'Qui est en quart maintenant?',
    ]);
    expect(suggestions('Vous pouvez demander\u00a0:\n   a. Quels quarts sont en attente?')).toEqual([
      'Quels quarts sont en attente?',
    ]);
  });

  it('finds nothing without the phrase, even in lettered lists of questions', () => {
    expect(suggestions('1. Shift 1a2b\n   a. Is it pending?\n   b. Staff: Ann')).toEqual([]);
  });

  it('ignores lines before the phrase, plain lines and empty items', () => {
    const reply = '   a. Before?\nYou could ask:\nWhich shifts are pending?\n   b.\n   c. Who is on shift now?';
    expect(suggestions(reply)).toEqual(['Who is on shift now?']);
  });
});
