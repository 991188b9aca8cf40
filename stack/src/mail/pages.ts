/** The mail catcher's two pages: the inbox and one message (its HTML framed and sandboxed, its text, its links). */
import type { CaughtMessage } from './store.ts';

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1a1b1e;background:#f8f9fa}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 16px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #dee2e6}
th{font-size:13px;color:#495057}a{color:#0b7285}.empty{padding:32px;text-align:center;color:#495057;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:12px;border:1px solid #dee2e6}iframe{width:100%;height:520px;border:1px solid #dee2e6;background:#fff}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{color:#495057}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderInbox(messages: readonly CaughtMessage[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escape(m.to.join(', '))}</td><td><a href="/message/${m.id}">${escape(m.subject || '(no subject)')}</a></td>` +
        `<td><time datetime="${m.date}">${escape(new Date(m.date).toLocaleString('en-US'))}</time></td></tr>`,
    )
    .join('');
  const list = messages.length
    ? `<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p class="empty">No mail yet. Emails the local stack sends (sign-up confirmations, password resets, email changes) appear here.</p>';
  return page(
    'Mail catcher',
    `<h1>Mail catcher</h1><p>JSON: <a href="/api/v1/messages">/api/v1/messages</a></p>${list}`,
  );
}

export function renderMessage(message: CaughtMessage): string {
  const links = [...new Set([...message.text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]))];
  const linkList = links.length
    ? `<h2>Links</h2><ul>${links.map((l) => `<li><a href="${escape(l)}" target="_blank" rel="noopener">${escape(l)}</a></li>`).join('')}</ul>`
    : '';
  return page(
    message.subject,
    `<p><a href="/">← All mail</a></p><h1>${escape(message.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escape(message.from)}</dd><dt>To</dt><dd>${escape(message.to.join(', '))}</dd><dt>Received</dt><dd>${escape(message.date)}</dd></dl>
${linkList}<h2>HTML</h2><iframe title="HTML body" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/message/${message.id}/html"></iframe>
<h2>Text</h2><pre>${escape(message.text)}</pre>`,
  );
}
