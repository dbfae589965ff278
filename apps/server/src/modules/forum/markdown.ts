import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/*
 * Forum texts are stored as Markdown and rendered here, on the server, once per write.
 * markdown-it runs with raw HTML off and its own link check (no javascript:, vbscript:, file:
 * or data: URLs except images); sanitize-html then keeps only an allow-list of tags and
 * attributes, so no script, style, iframe, event handler or foreign URL scheme reaches a page
 * even if the renderer had a flaw. Links get rel="nofollow ugc noopener" and open in a new tab.
 */

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
// Images from anywhere would leak readers' addresses to other servers: shown as links instead.
markdown.disable('image');

const MENTION = /(^|[^\p{L}\p{N}_@])@([\p{L}\p{N}_.-]{2,30})/gu;

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    ol: ['start'],
    span: ['class'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedClasses: { span: ['mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // Headings of a post sit below the page's own; # and ## become h3 and h4.
    h1: 'h3',
    h2: 'h4',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow ugc noopener noreferrer', target: '_blank' },
    }),
  },
};

/**
 * Renders a post's Markdown source to safe HTML: CommonMark with tables, strikethrough,
 * linked URLs and line breaks; no raw HTML, no images; `@name` marked as `<span class="mention">`;
 * links with `rel="nofollow ugc noopener noreferrer"`. The result contains no script, style,
 * event handler attribute or javascript:/data: URL whatever the input.
 */
export function renderMarkdown(source: string): string {
  const html = markdown.render(source);
  const marked = html.replace(
    />([^<]+)</g,
    (_all, text: string) => `>${text.replace(MENTION, '$1<span class="mention">@$2</span>')}<`,
  );
  return sanitizeHtml(marked, sanitizeOptions);
}

/**
 * The names mentioned with `@name` in a post, outside quoted lines (`> …`) and code, lowercased,
 * at most 10.
 */
export function mentionedNames(source: string): string[] {
  const names = new Set<string>();
  let inFence = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || /^\s*>/.test(line)) continue;
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(MENTION)) {
      const name = match[2]?.replace(/[.-]+$/, '').toLowerCase();
      if (name && name.length >= 2) names.add(name);
      if (names.size >= 10) return [...names];
    }
  }
  return [...names];
}

/** Plain text of a post for notifications and search hits: Markdown and quotes removed, shortened. */
export function plainExcerpt(source: string, max = 160): string {
  const text = source
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join(' ')
    .replace(/[`*_~#>[\]()!|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
