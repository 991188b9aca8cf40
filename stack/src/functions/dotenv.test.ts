import { describe, expect, it } from 'vitest';
import { parseDotenv } from './dotenv.ts';

describe('parseDotenv', () => {
  it('reads plain, exported, quoted and commented entries', () => {
    const env = parseDotenv(
      [
        '# a comment',
        'PLAIN=value',
        'export EXPORTED=yes',
        'SPACED = padded   # trailing comment',
        "SINGLE='keeps # and \\n as is'",
        'DOUBLE="line one\\nline two"',
        'EMPTY=',
        'URL=http://127.0.0.1:54390/--/api/v2/push/send',
        '',
        'MULTI="first',
        'second"',
      ].join('\r\n'),
    );
    expect(env).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      SPACED: 'padded',
      SINGLE: 'keeps # and \\n as is',
      DOUBLE: 'line one\nline two',
      EMPTY: '',
      URL: 'http://127.0.0.1:54390/--/api/v2/push/send',
      MULTI: 'first\nsecond',
    });
  });

  it('ignores lines that are not assignments', () => {
    expect(parseDotenv('just words\n=novalue\nOK=1')).toEqual({ OK: '1' });
  });
});
