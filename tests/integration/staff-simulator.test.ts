/**
 * The staff simulator acts as the mobile app with the worker's own session: through its exported
 * operations (as browser tests use it) and once through `npm run staff` itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../stack/src/config.ts';
import {
  acceptShift,
  clockIn,
  clockOut,
  joinCompany,
  leaveCompany,
  listNotifications,
  listShifts,
  markNotificationsRead,
  openSession,
  setPushToken,
  signUpStaff,
  type StaffOptions,
} from '../../scripts/staff/operations.ts';
import { sessionFile } from '../../scripts/staff/session.ts';
import { TEST_PASSWORD, uniqueEmail } from '../support/clients.ts';
import { companyCode, postShift, SHIFT_POSITION, signUpCompany, startingSoon } from './helpers.ts';

const sessionDir = mkdtempSync(path.join(tmpdir(), 'staff-sessions-'));
const options: StaffOptions = { sessionDir };

afterAll(() => rmSync(sessionDir, { recursive: true, force: true }));

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff-simulator.ts', ...args], {
      cwd: projectRoot,
      env: { ...process.env, STAFF_SESSIONS_DIR: sessionDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

describe('staff simulator operations', () => {
  it('signs up with a company code, then accepts, clocks in and clocks out a shift', async () => {
    const company = await signUpCompany('sim-agency');
    const code = await companyCode(company);

    const email = uniqueEmail('sim-worker');
    const worker = await signUpStaff(
      {
        email,
        password: TEST_PASSWORD,
        firstName: 'Sam',
        lastName: 'Ulator',
        phone: '(416) 555-0199',
        companyCode: code,
      },
      options,
    );
    expect(worker.employer).toMatchObject({ companyId: company.userId, companyName: 'User' });
    expect(existsSync(sessionFile(email, options))).toBe(true);

    const { data: staffList } = await company.client.from('company_staff').select('id, first_name, phone');
    expect(staffList).toEqual([{ id: worker.userId, first_name: 'Sam', phone: '4165550199' }]);

    const shiftId = await postShift(company, startingSoon());
    const shifts = await listShifts(worker);
    expect(shifts.find((s) => s.id === shiftId)).toMatchObject({ status: 'Pending', isMine: false });

    const notes = await listNotifications(worker);
    expect(notes.map((n) => n.message)).toEqual(['Your employer just posted a new shift. View in home page']);
    expect(await markNotificationsRead(worker)).toBe(1);

    expect((await acceptShift(worker, shiftId)).accepted_by).toBe(worker.userId);
    await expect(clockIn(worker, shiftId)).rejects.toThrow('Add a reason to clock in without your location');
    expect(await clockIn(worker, shiftId, SHIFT_POSITION)).toMatchObject({
      clocked_in_at: expect.any(String),
      clock_in_distance_m: 0,
      clock_in_reason: null,
    });
    expect((await clockOut(worker, shiftId, '7.5 hours')).time_done).toBe('7.5 hours');

    const { data: shift } = await company.client.from('shifts_with_status').select('status').eq('id', shiftId).single();
    expect(shift?.status).toBe('Completed');
    expect((await listShifts(worker)).find((s) => s.id === shiftId)).toMatchObject({
      status: 'Completed',
      isMine: true,
    });

    // The stored session is reused: no second password sign-in is needed.
    const again = await openSession({ email, password: 'not-the-password' }, options);
    expect(again.userId).toBe(worker.userId);
    await setPushToken(again, 'ExponentPushToken[sim]');

    await leaveCompany(again, company.userId);
    await expect(leaveCompany(again, company.userId)).rejects.toThrow('You do not work for this company');
    expect((await joinCompany(again, code)).companyId).toBe(company.userId);
    await expect(joinCompany(again, '~~~~')).rejects.toThrow('No company found with that code');
  });
});

describe('npm run staff', () => {
  it('signs up, accepts, clocks in and out, printing one line each; errors exit 1 with the sentence', async () => {
    const company = await signUpCompany('cli-agency');
    const code = await companyCode(company);
    const email = uniqueEmail('cli-worker');
    const creds = ['--email', email, '--password', TEST_PASSWORD];

    const signup = await runCli([
      'signup',
      ...creds,
      '--first',
      'Cli',
      '--last',
      'Worker',
      '--phone',
      '4165550123',
      '--code',
      code,
    ]);
    expect(signup).toMatchObject({ code: 0, stderr: '' });
    expect(signup.stdout).toMatch(new RegExp(`^Signed up ${email} \\(staff [0-9a-f-]{36}\\) and joined User$`));
    const stored = JSON.parse(readFileSync(sessionFile(email, options), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored).some((k) => k.endsWith('-auth-token'))).toBe(true);

    const shiftId = await postShift(company, startingSoon());
    const list = await runCli(['shifts', ...creds]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(shiftId);

    const accept = await runCli(['accept', shiftId, ...creds]);
    expect(accept).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Accepted shift /) });
    const far = await runCli(['clock-in', shiftId, '--lat', '43.6625', '--lng', '-79.3838', ...creds]);
    expect(far).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'Add a reason to clock in more than 300 m from the shift',
    });
    const bad = await runCli(['clock-in', shiftId, '--lat', 'north', ...creds]);
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringMatching(/^--lat must be a number\n/) });
    const clockInResult = await runCli([
      'clock-in',
      shiftId,
      '--lat',
      '43.6625',
      '--lng',
      '-79.3838',
      '--reason',
      'Entrance on the back street',
      ...creds,
    ]);
    expect(clockInResult).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Clocked in to shift .* \(1112 m from the shift\)$/),
    });
    const out = await runCli(['clock-out', shiftId, ...creds]);
    expect(out).toMatchObject({ code: 0, stdout: expect.stringMatching(/\(0 mins\)$/) });

    const again = await runCli(['clock-out', shiftId, '--time-done', '8 hours', ...creds]);
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: 'Staff already clocked out' });
  }, 60_000);
});
