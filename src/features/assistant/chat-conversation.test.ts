import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONVERSATION,
  answerReceived,
  askQuestion,
  questionFailed,
  questionsLeftRead,
} from './chat-conversation.ts';
import { buildHistory } from './chat-rules.ts';

const QUOTA_MESSAGE =
  'You have used all 25 assistant questions of the free plan this month. Go Premium for unlimited questions.';

describe('conversation transitions (SPEC §4: welcome → conversation, waiting)', () => {
  it('asking adds the trimmed question and waits', () => {
    const c = askQuestion(EMPTY_CONVERSATION, '  Who is on shift now?  ', 'q1');
    expect(c.isWaiting).toBe(true);
    expect(c.entries).toEqual([
      { id: 'q1', sender: 'user', text: 'Who is on shift now?', kind: 'question', isContext: true },
    ]);
  });

  it('an answer ends the wait, records who answered and the questions left', () => {
    const asked = askQuestion(EMPTY_CONVERSATION, 'hi', 'q1');
    const c = answerReceived(asked, { reply: '1. Hello', answeredBy: 'builtin', remaining: 24 }, 'a1');
    expect(c.isWaiting).toBe(false);
    expect(c.remaining).toBe(24);
    expect(c.entries.at(-1)).toEqual({
      id: 'a1',
      sender: 'ai',
      text: '1. Hello',
      kind: 'answer',
      answeredBy: 'builtin',
      isContext: true,
    });
  });

  it('premium answers carry no count', () => {
    const c = answerReceived(
      askQuestion(EMPTY_CONVERSATION, 'hi', 'q1'),
      { reply: 'ok', answeredBy: 'model', remaining: null },
      'a1',
    );
    expect(c.remaining).toBeNull();
  });

  it("the function's own apology is shown but neither it nor its question is sent again", () => {
    const asked = askQuestion(EMPTY_CONVERSATION, 'hi', 'q1');
    const c = answerReceived(
      asked,
      {
        reply: "Sorry, I can't help with that. The model gave no answer.",
        answeredBy: 'model',
        remaining: 25,
        failed: true,
      },
      'a1',
    );
    expect(c.entries.map((e) => [e.kind, e.isContext])).toEqual([
      ['question', false],
      ['failure', false],
    ]);
    expect(c.entries[1]?.text).toBe("Sorry, I can't help with that. The model gave no answer.");
    expect(buildHistory(c.entries, 'again')).toEqual([{ sender: 'user', text: 'again' }]);
  });

  it("a refusal keeps the function's words; the bubble adds SPEC §8's apology (assistant-text.ts)", () => {
    const c = questionFailed(
      askQuestion(EMPTY_CONVERSATION, 'hi', 'q1'),
      { code: 'upstream_error', message: ' Your assistant questions could not be counted. Please try again. ' },
      'e1',
    );
    expect(c.isWaiting).toBe(false);
    expect(c.entries.at(-1)).toEqual({
      id: 'e1',
      sender: 'ai',
      kind: 'failure',
      isContext: false,
      text: 'Your assistant questions could not be counted. Please try again.',
    });
  });

  it('a failure no answer explained keeps its reason, for the panel to word in the person’s language', () => {
    const asked = askQuestion(EMPTY_CONVERSATION, 'hi', 'q1');
    const failed = (code: string) => questionFailed(asked, { code, message: 'fetch failed' }, 'e1').entries.at(-1);
    expect(failed('network_error')).toMatchObject({ kind: 'failure', text: '', panelReason: 'network' });
    for (const code of ['http_error', 'invalid_answer', 'unknown']) {
      expect(failed(code)).toMatchObject({ kind: 'failure', text: '', panelReason: 'generic' });
    }
    expect(failed('constructor')).not.toHaveProperty('panelReason');
  });

  it('the quota refusal shows its own message and leaves no free questions', () => {
    const before = { ...askQuestion(EMPTY_CONVERSATION, 'hi', 'q1'), remaining: 3 };
    const c = questionFailed(before, { code: 'quota_exceeded', message: QUOTA_MESSAGE }, 'e1');
    expect(c.remaining).toBe(0);
    expect(c.entries.at(-1)).toMatchObject({ kind: 'quota', text: QUOTA_MESSAGE, isContext: false });
    expect(c.entries[0]?.isContext).toBe(false);
  });

  it('other failures keep the last known count', () => {
    const before = { ...askQuestion(EMPTY_CONVERSATION, 'hi', 'q1'), remaining: 3 };
    expect(questionFailed(before, { code: 'upstream_error', message: 'x' }, 'e1').remaining).toBe(3);
  });

  it('an answer keeps the shifts and staff it names, and whether it was counted', () => {
    const references = [{ kind: 'staff' as const, id: 's1', label: 'Ann Lee' }];
    const c = answerReceived(
      askQuestion(EMPTY_CONVERSATION, 'Who accepted the most shifts?', 'q1'),
      { reply: '1. Ann Lee', answeredBy: 'builtin', remaining: 20, counted: true, references },
      'a1',
    );
    expect(c.entries.at(-1)).toMatchObject({ kind: 'answer', references, counted: true });
  });

  it('a clarifying question is shown as not counted and leaves the count as the function says', () => {
    const before = { ...askQuestion(EMPTY_CONVERSATION, 'Shifts of Ann?', 'q1'), remaining: 20 };
    const c = answerReceived(
      before,
      { reply: 'Which Ann: Ann Lee or Ann Park?', answeredBy: 'builtin', remaining: 20, counted: false },
      'a1',
    );
    expect(c.remaining).toBe(20);
    expect(c.entries.at(-1)).toMatchObject({ counted: false });
    expect(c.entries.at(-1)).not.toHaveProperty('references');
  });

  it("today's answers without counted or references add neither field", () => {
    const c = answerReceived(
      askQuestion(EMPTY_CONVERSATION, 'hi', 'q1'),
      { reply: 'ok', answeredBy: 'builtin', remaining: 3 },
      'a1',
    );
    expect(c.entries.at(-1)).not.toHaveProperty('counted');
    expect(c.entries.at(-1)).not.toHaveProperty('references');
  });
});

describe('questions left read when the panel opens', () => {
  it('sets the count when nothing happened since the read started', () => {
    expect(questionsLeftRead(EMPTY_CONVERSATION, EMPTY_CONVERSATION, 7).remaining).toBe(7);
    expect(questionsLeftRead(EMPTY_CONVERSATION, EMPTY_CONVERSATION, null).remaining).toBeNull();
  });

  it('gives way to a question asked or answered meanwhile (the function figure is newer)', () => {
    const basedOn = EMPTY_CONVERSATION;
    const asked = askQuestion(basedOn, 'hi', 'q1');
    expect(questionsLeftRead(asked, basedOn, 25)).toBe(asked);
    const answered = answerReceived(asked, { reply: 'ok', answeredBy: 'builtin', remaining: 24 }, 'a1');
    expect(questionsLeftRead(answered, basedOn, 25).remaining).toBe(24);
    expect(questionsLeftRead(answered, asked, 25).remaining).toBe(24);
  });

  it('returns the same conversation when the count is unchanged', () => {
    const c = { ...EMPTY_CONVERSATION, remaining: 5 };
    expect(questionsLeftRead(c, c, 5)).toBe(c);
  });
});
