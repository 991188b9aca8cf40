import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_NAME,
  EVERYDAY_QUESTIONS,
  QUICK_PROMPTS,
  failureText,
  remainingLabel,
  replyKindLabel,
} from './assistant-text.ts';

describe('assistant wording', () => {
  it('the assistant is CareCover AI and offers SPEC §9 quick prompts', () => {
    expect(ASSISTANT_NAME).toBe('CareCover AI');
    expect(QUICK_PROMPTS).toEqual(['Provide me details about a shift', 'Provide me details about a staff']);
  });

  it('says which kind answered, never naming a provider', () => {
    expect(replyKindLabel('builtin')).toBe('Built-in assistant');
    expect(replyKindLabel('model')).toBe('CareCover AI model');
    for (const label of [replyKindLabel('builtin'), replyKindLabel('model')]) {
      expect(label).not.toMatch(/gemini|openai|gpt|ollama|google|llama/i);
    }
  });

  it('counts the free questions left without showing the plan total', () => {
    expect(remainingLabel(24)).toBe('24 questions left this month');
    expect(remainingLabel(1)).toBe('1 question left this month');
    expect(remainingLabel(0)).toBe('0 questions left this month');
    expect(remainingLabel(-2)).toBe('0 questions left this month');
  });

  it('offers everyday questions beside the quick prompts, all distinct', () => {
    expect(EVERYDAY_QUESTIONS).toHaveLength(4);
    expect(new Set([...QUICK_PROMPTS, ...EVERYDAY_QUESTIONS]).size).toBe(6);
    for (const question of EVERYDAY_QUESTIONS) expect(question).toMatch(/\?$/);
  });

  it('a failure reads as SPEC §8: the apology, then the message', () => {
    expect(failureText('Network error. Check your internet connection and try again')).toBe(
      "Sorry, I can't help with that. Network error. Check your internet connection and try again",
    );
    expect(failureText('')).toBe("Sorry, I can't help with that.");
  });

  it('does not repeat the apology the function already wrote', () => {
    expect(failureText("Sorry, I can't help with that. The model timed out.")).toBe(
      "Sorry, I can't help with that. The model timed out.",
    );
  });
});
