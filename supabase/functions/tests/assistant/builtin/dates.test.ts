import assert from 'node:assert/strict';
import { isPast, parsePeriod } from '../../../assistant/builtin/dates.ts';
import { tokenize } from '../../../assistant/builtin/text.ts';

// Wednesday Nov 18 2026, 3 PM in Toronto (UTC−5).
const NOW = new Date('2026-11-18T15:00:00-05:00');
const TZ = 'America/Toronto';

function period(text: string, now = NOW, tz = TZ): { label: string; from?: string; before?: string } {
  const parsed = parsePeriod(text, now, tz);
  assert.ok(parsed, `a period in "${text}"`);
  return { label: parsed.label, ...parsed.period };
}

Deno.test('dates: today, tomorrow, yesterday and tonight are local days', () => {
  assert.deepEqual(period('shifts today'), {
    label: 'today (Wed Nov 18)',
    from: '2026-11-18T05:00:00.000Z',
    before: '2026-11-19T05:00:00.000Z',
  });
  assert.deepEqual(period('who works tomorrow?'), {
    label: 'tomorrow (Thu Nov 19)',
    from: '2026-11-19T05:00:00.000Z',
    before: '2026-11-20T05:00:00.000Z',
  });
  assert.equal(period('any no-shows yesterday').label, 'yesterday (Tue Nov 17)');
  assert.deepEqual(period('pending shifts tonight'), {
    label: 'tonight (Wed Nov 18, 6 PM to 6 AM)',
    from: '2026-11-18T23:00:00.000Z',
    before: '2026-11-19T11:00:00.000Z',
  });
  assert.equal(period('tomorrow morning').label, 'tomorrow morning (Thu Nov 19, 6 AM to 12 PM)');
  assert.equal(period('shifts tomorow').label, 'tomorrow (Thu Nov 19)', 'a typo is forgiven');
  assert.equal(period('tmrw').label, 'tomorrow (Thu Nov 19)');
});

Deno.test('dates: weeks start on Monday; weekends, months and years are calendar ones', () => {
  assert.deepEqual(period('pending shifts this week'), {
    label: 'this week (Mon Nov 16 – Sun Nov 22)',
    from: '2026-11-16T05:00:00.000Z',
    before: '2026-11-23T05:00:00.000Z',
  });
  assert.equal(period("next week's shifts").label, 'next week (Mon Nov 23 – Sun Nov 29)');
  assert.equal(period('last week').label, 'last week (Mon Nov 9 – Sun Nov 15)');
  assert.equal(period('this weekend').label, 'this weekend (Sat Nov 21 – Sun Nov 22)');
  assert.equal(period('next weekend').label, 'next weekend (Sat Nov 28 – Sun Nov 29)');
  assert.deepEqual(period('fill rate this month'), {
    label: 'this month (November 2026)',
    from: '2026-11-01T04:00:00.000Z',
    before: '2026-12-01T05:00:00.000Z',
  });
  assert.equal(period('next month').label, 'next month (December 2026)');
  assert.equal(period('who worked the most hours last month').label, 'last month (October 2026)');
  assert.equal(period('in December').label, 'in December 2026');
  assert.equal(period('in January').label, 'in January 2027', 'the nearest January');
  assert.equal(period('shifts in 2025').label, 'in 2025');
  assert.equal(period('this year').label, 'this year (2026)');
  assert.equal(period('the week of Nov 30').label, 'the week of Mon Nov 30 (Mon Nov 30 – Sun Dec 6)');
  // A Sunday belongs to the week that started the Monday before.
  assert.equal(period('this week', new Date('2026-11-22T12:00:00-05:00')).label, 'this week (Mon Nov 16 – Sun Nov 22)');
});

Deno.test('dates: windows from now and back from now', () => {
  const next48 = parsePeriod('which shifts in the next 48 hours are pending', NOW, TZ);
  assert.equal(next48?.label, 'in the next 48 hours (until Fri Nov 20, 3:00 PM)');
  assert.equal(next48?.windowHours, 48);
  assert.equal(next48?.period.from, NOW.toISOString());
  assert.equal(period('next 3 days').label, 'in the next 3 days (until Sat Nov 21, 3:00 PM)');
  assert.equal(period('within 2 hours').label, 'within 2 hours (until Wed Nov 18, 5:00 PM)');
  assert.equal(period('starting in the next 24h').label, 'in the next 24 hours (until Thu Nov 19, 3:00 PM)');
  assert.equal(period('the next few days').label, 'in the next 3 days (until Sat Nov 21, 3:00 PM)');
  assert.deepEqual(period('late in the past 7 days'), {
    label: 'in the past 7 days (since Wed Nov 11, 3:00 PM)',
    from: '2026-11-11T20:00:00.000Z',
    before: '2026-11-18T20:00:00.000Z',
  });
  assert.equal(period('upcoming shifts').label, 'from now on');
  assert.equal(period('2 days ago').label, 'on Mon Nov 16');
});

Deno.test('dates: weekday names', () => {
  assert.equal(period('shifts on Friday').label, 'on Fri Nov 20', 'the coming Friday');
  assert.equal(period('on Wednesday').label, 'on Wed Nov 18', 'today when today is that day');
  assert.equal(period('last Friday').label, 'on Fri Nov 13');
  assert.equal(period('last Wednesday').label, 'on Wed Nov 11');
  assert.equal(period('next Monday').label, 'on Mon Nov 23');
  assert.equal(period('this Monday').label, 'on Mon Nov 16', 'the Monday of this week');
  assert.equal(period('Friday next week').label, 'on Fri Nov 27');
  assert.equal(period('saturday night').label, 'on Sat Nov 21 night (6 PM to 6 AM)');
  assert.equal(period('since Monday').label, 'since Mon Nov 16');
  assert.equal(period('wedensday').label, 'on Wed Nov 18', 'a typo is forgiven');
});

Deno.test('dates: explicit dates, month/day as in North America, and ranges', () => {
  for (const text of ['Nov 28', 'November 28', '28 Nov', '2026-11-28', '11/28', 'nov 28th', 'the 28th of November']) {
    assert.deepEqual(
      period(`shifts on ${text}`),
      { label: 'on Sat Nov 28', from: '2026-11-28T05:00:00.000Z', before: '2026-11-29T05:00:00.000Z' },
      text,
    );
  }
  assert.equal(period('Jan 5').label, 'on Tue Jan 5, 2027', 'the nearest Jan 5 is next year');
  assert.equal(period('11/28/2025').label, 'on Fri Nov 28, 2025');
  assert.deepEqual(period('from Nov 20 to Nov 25'), {
    label: 'from Fri Nov 20 to Wed Nov 25',
    from: '2026-11-20T05:00:00.000Z',
    before: '2026-11-26T05:00:00.000Z',
  });
  assert.equal(period('Nov 20-25').label, 'from Fri Nov 20 to Wed Nov 25');
  assert.equal(period('between Nov 20 and Nov 22').label, 'from Fri Nov 20 to Sun Nov 22');
  assert.equal(period('between Monday and Wednesday').label, 'from Mon Nov 16 to Wed Nov 18');
  assert.equal(period('from Thursday to Saturday').label, 'from Thu Nov 19 to Sat Nov 21');
  assert.equal(period('until Friday').label, 'until Fri Nov 20');
  assert.equal(period('after Nov 20').label, 'after Fri Nov 20');
});

Deno.test('dates: times of day narrow a day (today when none is named)', () => {
  assert.deepEqual(period('shifts after 5pm today'), {
    label: 'today (Wed Nov 18) after 5:00 PM',
    from: '2026-11-18T22:00:00.000Z',
    before: '2026-11-19T05:00:00.000Z',
  });
  assert.equal(period('tomorrow before noon').label, 'tomorrow (Thu Nov 19) before 12:00 PM');
  assert.deepEqual(period('at 3pm tomorrow'), {
    label: 'tomorrow (Thu Nov 19) at 3:00 PM',
    from: '2026-11-19T20:00:00.000Z',
    before: '2026-11-19T21:00:00.000Z',
  });
  assert.equal(period('after 5 pm').label, 'today (Wed Nov 18) after 5:00 PM');
  assert.equal(period('friday after 18:30').label, 'on Fri Nov 20 after 6:30 PM');
});

Deno.test('dates: words used are reported, and text without a period gives null', () => {
  const tokens = tokenize('Which shifts are pending next week at 100 Queen St?');
  const parsed = parsePeriod(tokens, NOW, TZ);
  assert.deepEqual(
    parsed?.consumed.map((i) => tokens[i]?.raw),
    ['next', 'week'],
  );
  const onFriday = tokenize('Who works on Friday?');
  assert.deepEqual(
    parsePeriod(onFriday, NOW, TZ)?.consumed.map((i) => onFriday[i]?.raw),
    ['on', 'Friday'],
  );
  for (const text of [
    'Which shifts are pending?',
    'May I see the staff list?',
    'shifts at 100 Queen Street',
    'hello',
  ]) {
    assert.equal(parsePeriod(text, NOW, TZ), null, text);
  }
  assert.ok(isPast(period('last week'), NOW));
  assert.ok(!isPast(period('this week'), NOW));
});

Deno.test('dates: local midnights follow daylight saving time (Toronto)', () => {
  // Nov 1 2026: clocks go back at 2 AM, the day lasts 25 hours.
  const fallBack = period('today', new Date('2026-11-01T12:00:00-05:00'));
  assert.equal(fallBack.from, '2026-11-01T04:00:00.000Z');
  assert.equal(fallBack.before, '2026-11-02T05:00:00.000Z');
  // Mar 8 2026: clocks go forward at 2 AM, the day lasts 23 hours.
  const springForward = period('today', new Date('2026-03-08T12:00:00-04:00'));
  assert.equal(springForward.from, '2026-03-08T05:00:00.000Z');
  assert.equal(springForward.before, '2026-03-09T04:00:00.000Z');
  // A week across the change still starts and ends at local midnight.
  const week = period('this week', new Date('2026-11-01T12:00:00-05:00'));
  assert.equal(week.label, 'this week (Mon Oct 26 – Sun Nov 1)');
  assert.equal(week.from, '2026-10-26T04:00:00.000Z');
  assert.equal(week.before, '2026-11-02T05:00:00.000Z');
  // Other zones too: "tomorrow" in Vancouver.
  assert.equal(period('tomorrow', NOW, 'America/Vancouver').from, '2026-11-19T08:00:00.000Z');
  // An unknown zone falls back to Toronto rather than failing.
  assert.equal(period('today', NOW, 'Mars/Olympus').from, '2026-11-18T05:00:00.000Z');
});
