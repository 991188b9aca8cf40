import { describe, expect, it } from 'vitest';
import type { ChatEntry } from './chat-conversation.ts';
import { MAX_HISTORY_MESSAGES, MAX_MESSAGE_LENGTH, buildHistory, canSendMessage, isSendKey } from './chat-rules.ts';

const entry = (sender: 'user' | 'ai', text: string, isContext = true, id = text): ChatEntry => ({
  id,
  sender,
  text,
  kind: sender === 'user' ? 'question' : 'answer',
  isContext,
});

describe('canSendMessage (SPEC §5)', () => {
  it.each(['', ' ', '   ', '\n', ' \n\t '])('an empty or whitespace-only message (%j) cannot be sent', (text) => {
    expect(canSendMessage(text, false)).toBe(false);
  });

  it('a message with text can be sent', () => {
    expect(canSendMessage('Who is on shift now?', false)).toBe(true);
    expect(canSendMessage('  hi  ', false)).toBe(true);
  });

  it('nothing can be sent while a reply is awaited', () => {
    expect(canSendMessage('Who is on shift now?', true)).toBe(false);
  });
});

describe('isSendKey (SPEC §5)', () => {
  it('Enter sends', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
  });

  it('Shift+Enter makes a new line instead', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
  });

  it('Enter that confirms an input method candidate does not send', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
  });

  it('other keys do not send', () => {
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
    expect(isSendKey({ key: 'Tab', shiftKey: false })).toBe(false);
  });
});

describe('buildHistory', () => {
  it('sends the conversation oldest first and ends with the new question, trimmed', () => {
    const entries = [entry('user', 'Provide me details about a shift'), entry('ai', '1. Send me its ShiftID')];
    expect(buildHistory(entries, '  1a2b3c4d \n')).toEqual([
      { sender: 'user', text: 'Provide me details about a shift' },
      { sender: 'ai', text: '1. Send me its ShiftID' },
      { sender: 'user', text: '1a2b3c4d' },
    ]);
  });

  it('keeps the line breaks inside a message', () => {
    expect(buildHistory([entry('ai', '1. One\n   a. Sub')], 'next')[0]).toEqual({
      sender: 'ai',
      text: '1. One\n   a. Sub',
    });
  });

  it('leaves out apologies, quota notices and the questions they answered', () => {
    const entries = [
      entry('user', 'first'),
      entry('ai', 'answer'),
      entry('user', 'unanswered', false),
      { ...entry('ai', "Sorry, I can't help with that. Timed out", false), kind: 'failure' as const },
    ];
    expect(buildHistory(entries, 'again')).toEqual([
      { sender: 'user', text: 'first' },
      { sender: 'ai', text: 'answer' },
      { sender: 'user', text: 'again' },
    ]);
  });

  it('clips a long reply to the function per-message limit so the next question is not refused', () => {
    const long = 'x'.repeat(MAX_MESSAGE_LENGTH + 500);
    const [first] = buildHistory([entry('ai', long)], 'next');
    expect(first?.text).toHaveLength(MAX_MESSAGE_LENGTH);
  });

  it('sends only the newest messages the function takes, the new question last', () => {
    const entries = Array.from({ length: 60 }, (_, i) => entry(i % 2 ? 'ai' : 'user', `m${i}`, true, String(i)));
    const history = buildHistory(entries, 'newest');
    expect(history).toHaveLength(MAX_HISTORY_MESSAGES);
    expect(history.at(-1)).toEqual({ sender: 'user', text: 'newest' });
    expect(history[0]).toEqual({ sender: 'ai', text: 'm21' });
  });

  it('with no conversation yet sends just the question', () => {
    expect(buildHistory([], 'Provide me details about a staff')).toEqual([
      { sender: 'user', text: 'Provide me details about a staff' },
    ]);
  });
});
