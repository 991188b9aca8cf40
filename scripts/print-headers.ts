/**
 * `npm run headers -- https://<project>.supabase.co [netlify|vercel|nginx] [dashboard|staff]`:
 * prints the production security headers of either front end for a host's configuration
 * (docs/deployment.md). The URL defaults to VITE_SUPABASE_URL; the format to Netlify's /
 * Cloudflare Pages' `_headers`, which the build also writes into `dist/` and `dist-staff/` itself.
 */
import { headersFile, nginxHeaders, vercelHeaders, type FrontEnd } from './security-headers.ts';

const [urlArg, format = 'netlify', frontEndArg = 'dashboard'] = process.argv.slice(2);
if (frontEndArg !== 'dashboard' && frontEndArg !== 'staff') {
  process.stderr.write(`Unknown front end ${frontEndArg}: use dashboard or staff\n`);
  process.exit(2);
}
const frontEnd: FrontEnd = frontEndArg;
const supabaseUrl = urlArg ?? process.env.VITE_SUPABASE_URL;
if (!supabaseUrl) {
  process.stderr.write('Usage: npm run headers -- <supabase-url> [netlify|vercel|nginx]\n');
  process.exit(2);
}

const printers: Record<string, (url: string) => string> = {
  netlify: (url) => headersFile(url, frontEnd),
  vercel: (url) => `${JSON.stringify(vercelHeaders(url, frontEnd), null, 2)}\n`,
  nginx: (url) => `${nginxHeaders(url, frontEnd)}\n`,
};
const print = printers[format];
if (!print) {
  process.stderr.write(`Unknown format ${format}: use netlify, vercel or nginx\n`);
  process.exit(2);
}
process.stdout.write(print(supabaseUrl));
