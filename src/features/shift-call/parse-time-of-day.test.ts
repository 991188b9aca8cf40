import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, parseTimeOfDay, stepTimeOfDay, toClockText } from './parse-time-of-day.ts';

const read = (text: string) => {
  const time = parseTimeOfDay(text);
  return time && toClockText(time);
};

describe('parseTimeOfDay', () => {
  it.each([
    ['9', '09:00'],
    ['09', '09:00'],
    ['900', '09:00'],
    ['0900', '09:00'],
    ['9:00', '09:00'],
    ['9.30', '09:30'],
    ['9h30', '09:30'],
    ['9am', '09:00'],
    ['9 am', '09:00'],
    ['9 AM', '09:00'],
    ['9a', '09:00'],
    ['9 a.m.', '09:00'],
    ['9:00 pm', '21:00'],
    ['9:00PM', '21:00'],
    ['930pm', '21:30'],
    ['21:00', '21:00'],
    ['2130', '21:30'],
    ['0', '00:00'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
    ['12am', '00:00'],
    ['12:30 am', '00:30'],
    ['12pm', '12:00'],
    ['12:45 PM', '12:45'],
    ['  7:05  ', '07:05'],
  ])('reads %j as %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    '25:00',
    '24:00',
    '9:60',
    '9:5',
    '13pm',
    '0am',
    '0 pm',
    '12345',
    'noon',
    'nine',
    '9:00 xm',
    '-1',
    '9::00',
    ':30',
    '9:00:00',
  ])('refuses %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });
});

describe('formatTimeOfDay', () => {
  it.each([
    [0, 0, '12:00 AM'],
    [9, 5, '9:05 AM'],
    [12, 0, '12:00 PM'],
    [21, 30, '9:30 PM'],
    [23, 59, '11:59 PM'],
  ])('shows %i:%i as %s', (hours, minutes, expected) => {
    expect(formatTimeOfDay({ hours, minutes })).toBe(expected);
  });

  it('shows what it reads back as the same time', () => {
    for (const text of ['9', '0900', '9:00 pm', '12am', '12pm', '2130']) {
      const time = parseTimeOfDay(text);
      expect(time && parseTimeOfDay(formatTimeOfDay(time))).toEqual(time);
    }
  });
});

describe('stepTimeOfDay', () => {
  it.each([
    [9, 0, 1, '09:15'],
    [9, 7, 1, '09:15'],
    [9, 15, 1, '09:30'],
    [9, 45, 1, '10:00'],
    [9, 0, -1, '08:45'],
    [9, 7, -1, '09:00'],
    [9, 15, -1, '09:00'],
    [23, 45, 1, '00:00'],
    [23, 50, 1, '00:00'],
    [0, 0, -1, '23:45'],
    [0, 5, -1, '00:00'],
  ] as const)('steps %i:%i by %i quarter to %s', (hours, minutes, direction, expected) => {
    expect(toClockText(stepTimeOfDay({ hours, minutes }, direction))).toBe(expected);
  });
});
