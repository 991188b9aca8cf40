import assert from 'node:assert/strict';
import {
  addDays,
  addMonths,
  dayLabel,
  instantLabel,
  localTime,
  startOfWeek,
  validZone,
  zonedInstant,
} from '../../../assistant/builtin/zone.ts';

Deno.test('zone: wall-clock times and local midnights in an IANA zone', () => {
  const t = localTime(Date.parse('2026-11-18T20:00:00Z'), 'America/Toronto');
  assert.deepEqual([t.y, t.m, t.d, t.hour, t.minute], [2026, 11, 18, 15, 0]);
  assert.equal(
    new Date(zonedInstant('America/Toronto', { y: 2026, m: 11, d: 18 })).toISOString(),
    '2026-11-18T05:00:00.000Z',
  );
  assert.equal(
    new Date(zonedInstant('America/Toronto', { y: 2026, m: 7, d: 1 })).toISOString(),
    '2026-07-01T04:00:00.000Z',
  );
  // 2:30 AM does not exist on Mar 8 2026 in Toronto: it reads as 3:30 AM daylight time.
  assert.equal(
    new Date(zonedInstant('America/Toronto', { y: 2026, m: 3, d: 8 }, 2, 30)).toISOString(),
    '2026-03-08T07:30:00.000Z',
  );
  assert.equal(validZone('Nowhere/Else'), 'America/Toronto');
  assert.equal(validZone('America/Edmonton'), 'America/Edmonton');
});

Deno.test('zone: calendar arithmetic and labels', () => {
  assert.deepEqual(addDays({ y: 2026, m: 12, d: 31 }, 1), { y: 2027, m: 1, d: 1 });
  assert.deepEqual(addMonths({ y: 2026, m: 11, d: 18 }, 2), { y: 2027, m: 1, d: 1 });
  assert.deepEqual(
    startOfWeek({ y: 2026, m: 11, d: 22 }),
    { y: 2026, m: 11, d: 16 },
    'Sunday belongs to the week begun Monday',
  );
  assert.equal(dayLabel({ y: 2026, m: 11, d: 16 }, 2026), 'Mon Nov 16');
  assert.equal(dayLabel({ y: 2027, m: 1, d: 5 }, 2026), 'Tue Jan 5, 2027');
  assert.equal(instantLabel(Date.parse('2026-11-20T20:00:00Z'), 'America/Toronto', 2026), 'Fri Nov 20, 3:00 PM');
});
