import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneOptions } from './time-zones.ts';

describe('time zones', () => {
  it('defaults to the runtime time zone', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('always offers the current zone', () => {
    expect(timeZoneOptions('America/Toronto')).toContain('America/Toronto');
    expect(timeZoneOptions('Etc/Made_Up')[0]).toBe('Etc/Made_Up');
  });
});
