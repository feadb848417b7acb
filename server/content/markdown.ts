/**
 * A deliberately small markdown subset rendered to HTML that is safe to insert as it is:
 * every character of the source is escaped first, then only these constructs become tags:
 *
 *   ## Heading / ### Heading (one line) -> <h2> / <h3>
 *   consecutive "- item" lines          -> <ul><li>
 *   consecutive "1. item" lines         -> <ol><li>
 *   other consecutive lines             -> <p>, joined by <br>; a blank line ends any block
 *   **bold**  *emphasis*                -> <strong> <em>
 *   [text](https://... or /path)        -> <a href rel="noopener noreferrer">, other schemes stay text
 *   [text](page:slug)                   -> a link to that content page (`pages[slug]`, made by the caller)
 *   {{name}}                            -> the value of `vars.name` (escaped), unknown names stay empty
 *
 * No raw HTML passes through, so a script tag or an onerror attribute in a text stays visible
 * text. The app renders bodies with this guarantee (docs/content.md).
 */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

/** Links may only go to https pages or to paths of this site. */
const SAFE_URL = /^(https:\/\/[^\s"'<>`*]+|\/[^\s"'<>`*/\\][^\s"'<>`*]*|\/)$/;

export interface RenderOptions {
  /** Values for {{name}}. */
  vars?: Record<string, string>;
  /** Where `page:slug` links go (the app's /detail?id=...&title=... of that page). */
  pages?: Record<string, string>;
}

function inlineHtml(escaped: string, pages: Record<string, string>): string {
  return escaped
    .replace(/\[([^\]\n]{1,200})\]\(([^)\s]{1,500})\)/g, (whole, text: string, url: string) => {
      const page = /^page:([a-z0-9-]{1,64})$/.exec(url);
      if (page) return Object.hasOwn(pages, page[1]) ? `<a href="${escapeHtml(pages[page[1]])}">${text}</a>` : text;
      // the url was escaped with the rest of the text: undo the entity of & only, then re-check
      const raw = url.replace(/&amp;/g, '&');
      if (!SAFE_URL.test(raw) || /&(lt|gt|quot|#39);/.test(url)) return whole;
      const ext = raw.startsWith('https://') ? ' target="_blank"' : '';
      return `<a href="${escapeHtml(raw)}" rel="noopener noreferrer"${ext}>${text}</a>`;
    })
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?![*\w])/g, '$1<em>$2</em>');
}

export function substitute(source: string, vars: Record<string, string>): string {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (Object.hasOwn(vars, k) ? vars[k] : ''));
}

export function renderMarkdown(source: string, { vars = {}, pages = {} }: RenderOptions = {}): string {
  const inline = (s: string) => inlineHtml(s, pages);
  const lines = escapeHtml(substitute(source.replace(/\r\n?/g, '\n'), vars))
    .split('\n')
    .map((l) => l.trim());
  const out: string[] = [];
  // consecutive lines of one kind form a block; a heading or a blank line ends it
  let kind: 'p' | 'ul' | 'ol' | undefined;
  let items: string[] = [];
  const flush = () => {
    if (kind === 'p') out.push(`<p>${items.join('<br>')}</p>`);
    else if (kind) out.push(`<${kind}>${items.map((i) => `<li>${i}</li>`).join('')}</${kind}>`);
    kind = undefined;
    items = [];
  };
  for (const line of lines) {
    const h = /^(#{2,3}) (.+)$/.exec(line);
    const ul = /^- (.+)$/.exec(line);
    const ol = /^\d{1,3}\. (.+)$/.exec(line);
    if (!line) flush();
    else if (h) {
      flush();
      out.push(`<h${h[1].length}>${inline(h[2])}</h${h[1].length}>`);
    } else {
      const [k, text] = ul ? (['ul', ul[1]] as const) : ol ? (['ol', ol[1]] as const) : (['p', line] as const);
      if (kind !== k) flush();
      kind = k;
      items.push(inline(text));
    }
  }
  flush();
  return out.join('\n');
}
