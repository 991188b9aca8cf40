import assert from 'node:assert/strict';
import { ToolArgumentError } from '../../../assistant/tools/errors.ts';
import { createToolRunner, isToolName, TOOL_NAMES, TOOLS } from '../../../assistant/tools/registry.ts';
import { idRange } from '../../../assistant/tools/shifts.ts';
import type { ToolContext } from '../../../assistant/tools/types.ts';

const rejects = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof ToolArgumentError && pattern.test(e.message));

Deno.test('registry: every tool is declared under its own name with a function-calling schema', () => {
  assert.equal(TOOL_NAMES.length, 12);
  for (const name of TOOL_NAMES) {
    const tool = TOOLS[name];
    assert.equal(tool.name, name);
    assert.ok(tool.description.length > 40, `${name} explains itself to a model`);
    assert.equal(tool.parameters.type, 'object');
    const properties = tool.parameters.properties as Record<string, { type?: string; description?: string }>;
    for (const [key, schema] of Object.entries(properties)) {
      assert.ok(schema.type, `${name}.${key} has a type`);
      assert.ok(schema.description, `${name}.${key} has a description`);
    }
    for (const key of (tool.parameters.required as string[] | undefined) ?? []) assert.ok(key in properties);
    // The schema is plain JSON (providers receive it serialised).
    assert.deepEqual(JSON.parse(JSON.stringify(tool.parameters)), tool.parameters);
  }
  assert.ok(isToolName('find_shifts'));
  assert.ok(!isToolName('toString'), 'inherited names are not tools');
});

Deno.test('parse: absent arguments are an empty object; unknown fields are refused by name', () => {
  assert.deepEqual(TOOLS.find_shifts.parse(undefined), {});
  assert.deepEqual(TOOLS.plan_usage.parse(null), {});
  assert.deepEqual(TOOLS.plan_usage.parse({}), {});
  rejects(() => TOOLS.plan_usage.parse({ month: 'November' }), /plan_usage: unknown argument month\. It takes no/);
  rejects(() => TOOLS.find_shifts.parse({ state: 'Pending' }), /unknown argument state\. Allowed: status/);
  rejects(() => TOOLS.find_shifts.parse('Pending'), /must be a JSON object/);
  rejects(() => TOOLS.find_shifts.parse([1]), /must be a JSON object/);
});

Deno.test('parse: find_shifts checks every filter and normalises the period to UTC', () => {
  assert.deepEqual(
    TOOLS.find_shifts.parse({
      status: 'Pending',
      from: '2026-11-16T00:00:00-05:00',
      before: '2026-11-23T00:00:00-05:00',
      address: ' 100 Queen Street West ',
      limit: 5,
    }),
    {
      status: 'Pending',
      from: '2026-11-16T05:00:00.000Z',
      before: '2026-11-23T05:00:00.000Z',
      address: '100 Queen Street West',
      limit: 5,
    },
  );
  rejects(() => TOOLS.find_shifts.parse({ status: 'pending' }), /status must be one of Pending, Assigned/);
  rejects(() => TOOLS.find_shifts.parse({ status: 'Open' }), /status must be one of/);
  rejects(() => TOOLS.find_shifts.parse({ from: '2026-11-16' }), /ISO 8601 date-time with its offset/);
  rejects(() => TOOLS.find_shifts.parse({ from: '2026-11-16T00:00:00' }), /with its offset/);
  rejects(() => TOOLS.find_shifts.parse({ from: 'last week' }), /with its offset/);
  rejects(
    () => TOOLS.find_shifts.parse({ from: '2026-11-23T00:00:00Z', before: '2026-11-16T00:00:00Z' }),
    /before must be later than from/,
  );
  rejects(() => TOOLS.find_shifts.parse({ limit: 51 }), /limit must be a whole number from 1 to 50/);
  rejects(() => TOOLS.find_shifts.parse({ limit: 2.5 }), /whole number/);
  rejects(() => TOOLS.find_shifts.parse({ limit: '10' }), /whole number/);
  rejects(() => TOOLS.find_shifts.parse({ staff_id: 'Amélie Côté' }), /staff_id must be a full id.*find_staff/);
  rejects(() => TOOLS.find_shifts.parse({ address: '' }), /address must not be empty/);
  rejects(() => TOOLS.find_shifts.parse({ address: '!!!' }), /address must contain/);
  rejects(() => TOOLS.find_shifts.parse({ skill: 42 }), /skill must be a string/);
  rejects(() => TOOLS.find_shifts.parse({ address: 'x'.repeat(201) }), /at most 200 characters/);
  rejects(() => TOOLS.find_shifts.parse({ address: 'Queen\u0000St' }), /control characters/);
});

Deno.test('parse: the other tools', () => {
  assert.deepEqual(TOOLS.open_shifts_starting_within.parse({ hours: 48 }), { hours: 48 });
  rejects(() => TOOLS.open_shifts_starting_within.parse({ hours: 0 }), /hours must be a number greater than 0/);
  rejects(() => TOOLS.open_shifts_starting_within.parse({ hours: 24 * 32 }), /at most 744/);

  assert.deepEqual(TOOLS.shift_details.parse({ shift_id: 'D5CAA867' }), { shift_id: 'd5caa867' });
  assert.deepEqual(TOOLS.shift_details.parse({ shift_id: '#d5caa867-0000' }), { shift_id: 'd5caa867-0000' });
  rejects(() => TOOLS.shift_details.parse({ shift_id: 'd5a' }), /first 6 or more characters/);
  rejects(() => TOOLS.shift_details.parse({ shift_id: 'queen st' }), /ShiftID/);
  rejects(() => TOOLS.shift_details.parse({ shift_id: 'd5-caa867' }), /ShiftID/);
  rejects(() => TOOLS.shift_details.parse({}), /shift_id is required/);

  assert.deepEqual(TOOLS.find_staff.parse({ name: ' amelie cote ' }), { name: 'amelie cote' });
  rejects(() => TOOLS.find_staff.parse({ name: '...' }), /name must contain letters/);
  rejects(() => TOOLS.find_staff.parse({}), /name is required/);

  assert.deepEqual(TOOLS.list_staff.parse({ on_shift: true }), { on_shift: true });
  rejects(() => TOOLS.list_staff.parse({ on_shift: 'yes' }), /on_shift must be true or false/);

  const id = 'f1a00000-0000-4000-8000-000000000001';
  assert.deepEqual(TOOLS.staff_details.parse({ staff_id: id.toUpperCase() }), { staff_id: id });
  rejects(() => TOOLS.staff_details.parse({}), /staff_id is required/);

  assert.deepEqual(TOOLS.staff_ranking.parse({ metric: 'most_hours', limit: 3 }), { metric: 'most_hours', limit: 3 });
  rejects(() => TOOLS.staff_ranking.parse({}), /metric is required: one of most_accepted, most_hours/);
  rejects(() => TOOLS.staff_ranking.parse({ metric: 'best' }), /metric must be one of/);

  assert.deepEqual(TOOLS.attendance.parse({ from: '2026-10-01T00:00:00-04:00' }), { from: '2026-10-01T04:00:00.000Z' });
  assert.deepEqual(TOOLS.fill_stats.parse({}), {});
  assert.deepEqual(TOOLS.shift_counts.parse({ before: '2026-12-01T00:00:00Z' }), {
    before: '2026-12-01T00:00:00.000Z',
  });
});

Deno.test('parse: who_can_cover takes a ShiftID or a description of one shift, not both, not neither', () => {
  const staff = 'f1a00000-0000-4000-8000-000000000004';
  assert.deepEqual(TOOLS.who_can_cover.parse({ shift_id: '#D5CAA867', limit: 5 }), { shift_id: 'd5caa867', limit: 5 });
  assert.deepEqual(
    TOOLS.who_can_cover.parse({
      address: ' 220 Queen St W ',
      from: '2026-11-19T00:00:00-05:00',
      before: '2026-11-20T00:00:00-05:00',
      staff_type: 'PSW',
      skill: 'dementia',
    }),
    {
      address: '220 Queen St W',
      from: '2026-11-19T05:00:00.000Z',
      before: '2026-11-20T05:00:00.000Z',
      staff_type: 'PSW',
      skill: 'dementia',
    },
  );
  assert.deepEqual(TOOLS.who_can_cover.parse({ held_by: staff.toUpperCase(), no_show: true }), {
    held_by: staff,
    no_show: true,
  });
  assert.deepEqual(TOOLS.who_can_cover.parse({ shift_id: 'd5caa867', staff_id: staff }), {
    shift_id: 'd5caa867',
    staff_id: staff,
  });
  rejects(() => TOOLS.who_can_cover.parse({}), /who_can_cover: name the shift by shift_id, or describe it/);
  rejects(() => TOOLS.who_can_cover.parse({ staff_id: staff, limit: 3 }), /name the shift by shift_id/);
  rejects(() => TOOLS.who_can_cover.parse({ no_show: false }), /name the shift by shift_id/);
  rejects(
    () => TOOLS.who_can_cover.parse({ shift_id: 'd5caa867', address: 'Queen St' }),
    /give either shift_id or a description of the shift \(address\), not both/,
  );
  rejects(() => TOOLS.who_can_cover.parse({ shift_id: 'queen' }), /who_can_cover: shift_id must be a ShiftID/);
  rejects(() => TOOLS.who_can_cover.parse({ held_by: 'Jordan' }), /held_by must be a full id.*find_staff/);
  rejects(() => TOOLS.who_can_cover.parse({ address: '!!!' }), /address must contain/);
  rejects(
    () => TOOLS.who_can_cover.parse({ shift_id: 'd5caa867', limit: 51 }),
    /limit must be a whole number from 1 to 50/,
  );
  rejects(() => TOOLS.who_can_cover.parse({ shift: 'd5caa867' }), /unknown argument shift\. Allowed: shift_id/);
});

Deno.test('idRange: a ShiftID prefix as the lowest and highest ids starting with it', () => {
  assert.deepEqual(idRange('d5caa867'), [
    'd5caa867-0000-0000-0000-000000000000',
    'd5caa867-ffff-ffff-ffff-ffffffffffff',
  ]);
  assert.deepEqual(idRange('D5CAA867-0000-4'), [
    'd5caa867-0000-4000-0000-000000000000',
    'd5caa867-0000-4fff-ffff-ffffffffffff',
  ]);
});

Deno.test('the runner checks typed arguments with the tool’s parse before reading anything', async () => {
  let reads = 0;
  const client = new Proxy({}, { get: () => (reads++, () => client) }) as unknown as ToolContext['client'];
  const run = createToolRunner({ client, companyId: 'c', timeZone: 'America/Toronto', now: new Date() });
  await assert.rejects(run('find_shifts', { limit: 500 }), ToolArgumentError);
  assert.equal(reads, 0);
});
