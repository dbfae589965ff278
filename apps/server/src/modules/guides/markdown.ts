import type { GuideHeading } from '@marketplace/contract';
import slugify from '@sindresorhus/slugify';
import MarkdownIt from 'markdown-it';
import anchor from 'markdown-it-anchor';
import sanitizeHtml from 'sanitize-html';

/*
 * A guide's Markdown rendered to HTML with the forum's libraries (modules/forum/markdown.ts):
 * markdown-it with raw HTML off and its own link check, then sanitize-html with an allow-list, so
 * no script, style, event handler or foreign URL scheme reaches a page even if a file or the
 * renderer had a flaw. Unlike a forum post, a guide keeps its headings as `<h2>`/`<h3>` below the
 * page's `<h1>` (the title) and gives them ids for its table of contents (markdown-it-anchor,
 * German transliteration of the ids: 'Übergabe' becomes `uebergabe`); its links are the site's own
 * advice, not members' texts, so they are followed (no `nofollow ugc`), and only links to other
 * sites open in a new tab. docs/decisions/0036-guides-as-markdown-files.md.
 */

/** A heading text as the id of its element: ASCII, lower case, hyphens ('Übergabe & Zahlung' → `uebergabe-und-zahlung`). */
function headingId(text: string): string {
  return slugify(text, { locale: 'de', customReplacements: [['&', ' und ']] }) || 'abschnitt';
}

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
// Pictures from other servers would tell them who reads; the guides have none.
markdown.disable('image');
markdown.use(anchor, { level: [2, 3], slugify: headingId, tabIndex: false });

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
    'h2',
    'h3',
    'h4',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    h2: ['id'],
    h3: ['id'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    // A guide's title is the page's one <h1>; a '#' heading in a file is rejected when it is read.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^(https?:)?\/\//i.test(href);
      const attributes: sanitizeHtml.Attributes = external
        ? { href, rel: 'noopener noreferrer', target: '_blank' }
        : { href };
      return { tagName, attribs: attributes };
    },
  },
};

/** A guide's content rendered: its HTML, its table of contents and its length in words. */
export interface RenderedGuide {
  /** Sanitized HTML; `<h2>` and `<h3>` carry the ids of `toc`. */
  html: string;
  /** The `##` and `###` headings in their order. */
  toc: GuideHeading[];
  /** Words of the text as a reader reads it (markup removed). */
  words: number;
}

/**
 * Renders a guide's Markdown (CommonMark with tables and strikethrough; no raw HTML, no
 * images) to sanitized HTML, with ids on its `##` and `###` headings (unique within the guide:
 * a repeated heading gets `-1`, `-2`, …) and the table of contents they make.
 * @throws Error when the text has a `#` heading (the title comes from the front matter)
 */
export function renderGuide(source: string): RenderedGuide {
  const env = {};
  const tokens = markdown.parse(source, env);
  const toc: GuideHeading[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    if (token.tag === 'h1')
      throw new Error('a guide starts its sections with ##; its title is in the front matter');
    const id = String(token.attrGet('id') ?? '');
    const level = token.tag === 'h2' ? 2 : token.tag === 'h3' ? 3 : null;
    const inline = tokens[index + 1];
    if (!id || !level || !inline) return;
    const text = (inline.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    toc.push({ id, text, level });
  });
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, env), sanitizeOptions);
  const plain = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  const words = plain.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return { html, toc, words };
}

/**
 * Renders another text the site itself publishes (a position of the career page, /karriere) with
 * the guides' rules: no raw HTML, no images, sanitized by the same allow-list; a `#` heading
 * becomes `<h2>` below the page's title, `##`/`###` get ids. Unlike {@link renderGuide} it
 * accepts any heading, as an ADMIN writes the text in a form.
 * @returns sanitized HTML
 */
export function renderSiteMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), sanitizeOptions);
}
