import { describe, expect, it } from 'vitest';
import { compareVersions, inRange } from './version-range.ts';

describe('inRange', () => {
  it('reads the bounded ranges advisories use', () => {
    expect(inRange('7.17.9', '>=7.0.0 <7.18.0')).toBe(true);
    expect(inRange('7.18.0', '>=7.0.0 <7.18.0')).toBe(false);
    expect(inRange('6.30.0', '>=7.0.0 <7.18.0')).toBe(false);
    expect(inRange('7.0.0', '>= 7.0.0 < 7.18.0')).toBe(true);
  });

  it('reads alternatives, open ends and exact versions', () => {
    const range = '>=7.12.0 <7.18.2 || >=8.0.0 <8.3.0';
    expect(inRange('7.18.5', range)).toBe(false);
    expect(inRange('7.18.1', range)).toBe(true);
    expect(inRange('8.2.9', range)).toBe(true);
    expect(inRange('1.2.3', '<=1.2.3')).toBe(true);
    expect(inRange('1.2.4', '<=1.2.3')).toBe(false);
    expect(inRange('2.0.0', '>1.9.9')).toBe(true);
    expect(inRange('3.1.0', '=3.1.0')).toBe(true);
    expect(inRange('3.1.0', '3.1.1')).toBe(false);
  });

  it('orders prereleases below their release', () => {
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-rc.2', '1.0.0-rc.10')).toBeLessThan(0);
    expect(compareVersions('1.0.0-alpha', '1.0.0-beta')).toBeLessThan(0);
    expect(inRange('7.18.0-pre.1', '<7.18.0')).toBe(true);
  });

  it('refuses what it does not understand instead of guessing', () => {
    expect(() => inRange('1.0.0', '^1.0.0')).toThrow(/Unsupported/);
    expect(() => inRange('1.0.0', '1.x')).toThrow(/Unsupported/);
    expect(() => inRange('latest', '<1.0.0')).toThrow(/Not a version/);
  });
});
