/**
 * `npm run headers -- https://<project>.supabase.co [netlify|vercel|nginx]`: prints the production
 * security headers for a host's configuration (docs/deployment.md). The URL defaults to
 * VITE_SUPABASE_URL; the format to Netlify's / Cloudflare Pages' `_headers`, which the build also
 * writes into `dist/` by itself.
 */
import { headersFile, nginxHeaders, vercelHeaders } from './security-headers.ts';

const [urlArg, format = 'netlify'] = process.argv.slice(2);
const supabaseUrl = urlArg ?? process.env.VITE_SUPABASE_URL;
if (!supabaseUrl) {
  process.stderr.write('Usage: npm run headers -- <supabase-url> [netlify|vercel|nginx]\n');
  process.exit(2);
}

const printers: Record<string, (url: string) => string> = {
  netlify: headersFile,
  vercel: (url) => `${JSON.stringify(vercelHeaders(url), null, 2)}\n`,
  nginx: (url) => `${nginxHeaders(url)}\n`,
};
const print = printers[format];
if (!print) {
  process.stderr.write(`Unknown format ${format}: use netlify, vercel or nginx\n`);
  process.exit(2);
}
process.stdout.write(print(supabaseUrl));
