/**
 * Where an emailed link may send the browser (GoTrue's redirect allow-list): the site URL's host,
 * or a URL matching one of `additional_redirect_urls` (globs: `*` within a path segment or host
 * label, `**` across them). Anything else falls back to the site URL, so a forged redirect_to in a
 * reset request cannot carry a session to another site.
 */
import { localOrigin } from '../functions/deno.ts';
import type { AuthSettings } from './context.ts';

type RedirectSettings = Pick<AuthSettings, 'siteUrl' | 'additionalRedirectUrls'>;

/** config.toml's site_url, mapped to this stack's dashboard port when it runs on other ports. */
export function siteUrl(settings: RedirectSettings): string {
  return localOrigin(settings.siteUrl).replace(/\/+$/, '');
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/.]*'),
    )
    .join('.*');
  return new RegExp(`^${escaped}$`);
}

export function isAllowedRedirect(settings: RedirectSettings, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.hostname === new URL(siteUrl(settings)).hostname) return true;
  return settings.additionalRedirectUrls.some((raw) => {
    const pattern = localOrigin(raw);
    if (!pattern.includes('*')) return candidate === pattern || candidate.startsWith(`${pattern.replace(/\/+$/, '')}/`);
    return globToRegExp(pattern).test(candidate);
  });
}

/** The requested redirect when allowed, else the site URL. */
export function redirectTarget(settings: RedirectSettings, requested: string | null | undefined): string {
  return requested && isAllowedRedirect(settings, requested) ? requested : siteUrl(settings);
}
