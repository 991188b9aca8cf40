import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  nginxHeaders,
  parseHeadersFile,
  securityHeaders,
} from './security-headers.ts';

describe('security headers', () => {
  it('allows the Supabase origin and its Realtime websocket, wss:// for an https project', () => {
    expect(contentSecurityPolicy('https://abcd.supabase.co')).toContain(
      "connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co;",
    );
    expect(contentSecurityPolicy('http://127.0.0.1:54321/')).toContain(
      "connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321;",
    );
  });

  it('writes the same headers for every host format', () => {
    const headers = securityHeaders('https://abcd.supabase.co');
    const file = headersFile('https://abcd.supabase.co');
    const nginx = nginxHeaders('https://abcd.supabase.co');
    expect(file.startsWith('/*\n')).toBe(true);
    for (const [name, value] of Object.entries(headers)) {
      expect(file).toContain(`  ${name}: ${value}\n`);
      expect(nginx).toContain(`add_header ${name} "${value}" always;`);
    }
  });

  it('reads back the _headers file the build writes, as vite preview serves it', () => {
    const headers = securityHeaders('https://abcd.supabase.co');
    expect(parseHeadersFile(headersFile('https://abcd.supabase.co'))).toEqual(headers);
  });

  it('lets only the staff app ask for the position (clock-in), from its own pages; the rest is the same', () => {
    const dashboard = securityHeaders('https://abcd.supabase.co');
    const staff = securityHeaders('https://abcd.supabase.co', 'staff');
    expect(dashboard['Permissions-Policy']).toContain('geolocation=()');
    expect(staff['Permissions-Policy']).toContain('geolocation=(self)');
    expect({ ...staff, 'Permissions-Policy': '' }).toEqual({ ...dashboard, 'Permissions-Policy': '' });
    expect(parseHeadersFile(headersFile('https://abcd.supabase.co', 'staff'))).toEqual(staff);
  });
});
