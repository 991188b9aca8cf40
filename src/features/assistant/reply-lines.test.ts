import { describe, expect, it } from 'vitest';
import { replyLines } from './reply-lines.ts';

describe('replyLines', () => {
  it('reads numbered points and indented lettered sub-points', () => {
    expect(replyLines('1. I can give you the details of one shift.\n   a. Please send me its ShiftID')).toEqual([
      { level: 0, marker: '1.', text: 'I can give you the details of one shift.' },
      { level: 1, marker: 'a.', text: 'Please send me its ShiftID' },
    ]);
  });

  it('a lettered point is a sub-point even without indentation', () => {
    expect(replyLines('b. Staff type')[0]).toEqual({ level: 1, marker: 'b.', text: 'Staff type' });
  });

  it('plain lines, blank lines and deeper indentation', () => {
    expect(replyLines('Hello there\n\n        - deep')).toEqual([
      { level: 0, marker: null, text: 'Hello there' },
      { level: 0, marker: null, text: '' },
      { level: 2, marker: '-', text: 'deep' },
    ]);
  });

  it('keeps markup as text', () => {
    expect(replyLines('<img src=x onerror=alert(1)>')[0]?.text).toBe('<img src=x onerror=alert(1)>');
  });

  it('does not take a word or a decimal for a marker', () => {
    expect(replyLines('I worked 7.5 hours')[0]).toEqual({ level: 0, marker: null, text: 'I worked 7.5 hours' });
    expect(replyLines('a.m. shifts')[0]?.marker).toBeNull();
  });
});
