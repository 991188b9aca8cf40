/**
 * A reply split into lines for display: SPEC §9 asks the assistant for numbered points with
 * lettered sub-points, written as plain text with indentation. Each line keeps its words as typed;
 * only its indentation level and list marker are read, so wrapped lines can hang under the text.
 * Nothing is interpreted as HTML or markdown.
 */
export interface ReplyLine {
  /** 0 for main points, 1+ for sub-points (from leading spaces; a lettered marker is at least 1). */
  level: number;
  /** '1.', 'a.', '-' … or null for a plain line. */
  marker: string | null;
  text: string;
}

const MAX_LEVEL = 4;
const LINE = /^([ \t]*)(?:(\d{1,3}[.)]|[a-z][.)]|[-•*])[ \t]+)?(.*)$/;

export function replyLines(reply: string): ReplyLine[] {
  return reply.split(/\r?\n/).map((raw) => {
    const [, lead = '', marker, text = ''] = LINE.exec(raw) ?? [];
    const spaces = lead.replace(/\t/g, '    ').length;
    let level = Math.min(MAX_LEVEL, Math.ceil(spaces / 4));
    if (marker && /^[a-z]/.test(marker)) level = Math.max(level, 1);
    return { level, marker: marker ?? null, text: marker ? text : raw.trimStart() };
  });
}
