import { describe, expect, it } from 'vitest';
import { validateRepostAfter } from './no-show-settings.ts';

describe('the re-post threshold', () => {
  it('takes whole minutes from 10 to 240, as the database does', () => {
    expect(validateRepostAfter(10)).toBeNull();
    expect(validateRepostAfter(240)).toBeNull();
    expect(validateRepostAfter('15')).toBeNull();
    expect(validateRepostAfter(9)).toBe('Choose between 10 and 240 minutes');
    expect(validateRepostAfter(241)).toBe('Choose between 10 and 240 minutes');
    expect(validateRepostAfter(12.5)).toBe('Enter whole minutes');
    expect(validateRepostAfter('')).toBe('Enter a number of minutes');
    expect(validateRepostAfter(null)).toBe('Enter a number of minutes');
  });
});
