import { HtmlValidate } from 'html-validate';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';
import { expect } from 'vitest';
import { convert } from 'xmlbuilder2';

/*
 * Reading the pages the server sends (docs/decisions/0030-one-layout-rendered-on-the-server.md)
 * as a browser, a crawler or a messenger's preview reads them: parsed by an HTML parser (parse5),
 * never matched as text.
 */

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
export type Element = DefaultTreeAdapterTypes.Element;

/** Every element under `node`, depth first. */
export function elements(node: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if ('tagName' in n) out.push(n);
    if ('childNodes' in n) for (const child of n.childNodes) walk(child as Node);
    if ('content' in n && n.content) for (const child of n.content.childNodes) walk(child as Node);
  };
  walk(node);
  return out;
}

/** The value of `element`'s attribute `name`, or undefined when it has none. */
export const attr = (element: Element, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/**
 * The text in `element` as it reads (entities decoded by the parser; a script's or style's
 * content as it stands), without the soft hyphens the app puts into long words.
 */
export function text(element: Element): string {
  const raw = (e: Element): string =>
    e.childNodes.map((c) => ('value' in c ? c.value : 'tagName' in c ? raw(c) : '')).join('');
  return raw(element).replaceAll('\u00ad', '');
}

/** A served page as a parser reads it: its head data, its `#root` and its script elements. */
export function readPage(html: string) {
  const all = elements(parse(html));
  const head = all.find((e) => e.tagName === 'head');
  const root = all.find((e) => attr(e, 'id') === 'root');
  if (!head || !root) throw new Error('the page has no head or no #root');
  const meta = (key: string) =>
    all.filter((e) => e.tagName === 'meta' && (attr(e, 'property') === key || attr(e, 'name') === key));
  const inRoot = elements(root);
  const scripts = all.filter((e) => e.tagName === 'script');
  return {
    all,
    /** The elements inside `#root`: what the app rendered (or the first paint). */
    inRoot,
    root,
    title: all.filter((e) => e.tagName === 'title').map(text),
    description: meta('description').map((e) => attr(e, 'content')),
    robots: meta('robots').map((e) => attr(e, 'content')),
    canonical: all
      .filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'canonical')
      .map((e) => attr(e, 'href')),
    og: (key: string) => meta(key).map((e) => attr(e, 'content')),
    scripts,
    jsonLd: scripts
      .filter((e) => attr(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(text(e)) as Record<string, unknown>),
    /** The texts of the page's `<h1>` elements. */
    h1: inRoot.filter((e) => e.tagName === 'h1').map(text),
    /** Every `<article>` (an ad's card) with the addresses it links to. */
    articles: inRoot
      .filter((e) => e.tagName === 'article')
      .map((e) => ({
        text: text(e),
        links: elements(e)
          .filter((a) => a.tagName === 'a')
          .map((a) => attr(a, 'href')),
      })),
    /** Where the page's `<style data-emotion>` elements are: 'head' or 'body'. */
    emotionStyles: all
      .filter((e) => e.tagName === 'style' && attr(e, 'data-emotion') !== undefined)
      .map((e) => (elements(head).includes(e) ? 'head' : 'body')),
  };
}

/**
 * The JSON text of the page's `<script type="application/json" id={id}>` as it stands in the page,
 * or null when there is none.
 */
export function jsonElementText(html: string, id: string): string | null {
  const element = readPage(html).scripts.find((s) => attr(s, 'id') === id);
  if (!element) return null;
  expect(attr(element, 'type')).toBe('application/json');
  return text(element);
}

/** The answers a page carries for the app (`home-data` or `page-data`), parsed; fails without. */
export function servedData<T = Record<string, unknown>>(html: string, id: 'home-data' | 'page-data'): T {
  const json = jsonElementText(html, id);
  expect(json, `no #${id} element`).not.toBeNull();
  // No '<' in the element: no text an ad brings can end it or open another element.
  expect(json).not.toContain('<');
  return JSON.parse(json ?? 'null') as T;
}

const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  rules: {
    // MUI's parts and the first paint style a few elements inline, on purpose.
    'no-inline-style': 'off',
    // Every script is served from the page's own origin; SRI guards scripts from other hosts.
    'require-sri': 'off',
    // The document outline is the web app's (cards are <h3>, a list's filter panel has an <h2>
    // before the page's <h1>); these tests check what the server adds and that the markup parses.
    'heading-level': 'off',
  },
});

/** Fails with html-validate's messages when `html` is not a valid HTML document. */
export async function expectValidHtml(html: string): Promise<void> {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
  expect(messages).toEqual([]);
}

/** The `loc` entries of a sitemap file, read by an XML parser. */
export function locs(xml: string, kind: 'sitemapindex' | 'urlset'): string[] {
  const doc = convert(xml, { format: 'object' }) as Record<string, Record<string, unknown>>;
  const root = doc[kind] as Record<string, unknown>;
  expect(root['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const entries = root[kind === 'sitemapindex' ? 'sitemap' : 'url'];
  const list = (Array.isArray(entries) ? entries : entries ? [entries] : []) as { loc: string }[];
  return list.map((entry) => entry.loc);
}
