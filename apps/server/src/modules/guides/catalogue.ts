import fs from 'node:fs/promises';
import path from 'node:path';
import {
  GUIDE_SLUG_PATTERN,
  GUIDE_WORDS_PER_MINUTE,
  type Guide,
  type GuideList,
  type GuideSummary,
} from '@marketplace/contract';
import { create } from 'xmlbuilder2';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { renderGuide } from './markdown.ts';

/*
 * The guides as the server holds them: every `*.md` file of the content folder read, checked and
 * rendered once at start (docs/decisions/0036-guides-as-markdown-files.md). A file is front
 * matter between two `---` lines, then Markdown:
 *
 *   ---
 *   title: Sicher kaufen und verkaufen
 *   description: Ein bis zwei Sätze für die Liste und die Suchmaschinen.
 *   updated: 2026-11-20
 *   order: 1
 *   ---
 *   ## Erster Abschnitt
 *
 * Its name without `.md` is its address (`/ratgeber/sicher-kaufen-und-verkaufen`).
 */

/** Where the guides live in the repository (apps/server/content/ratgeber). */
export const GUIDES_DIR = path.resolve(import.meta.dirname, '../../../content/ratgeber');

/** The front matter between the first two `---` lines of a file, and the text after it. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/;

/** What a guide's front matter must say. */
const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(3).max(120),
  /** The teaser of the list and the meta description: search engines show about 155 characters. */
  description: z.string().trim().min(50).max(160),
  /** `YYYY-MM-DD`, the date of the last revision of the content. */
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Place in the list, from 1. */
  order: z.number().int().min(1),
});

/** One guide as read: its summary, its rendered content, and where it stands in the list. */
interface StoredGuide {
  summary: GuideSummary;
  html: string;
  toc: Guide['toc'];
}

/** Minutes to read `words` words ({@link GUIDE_WORDS_PER_MINUTE}), rounded up, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / GUIDE_WORDS_PER_MINUTE));
}

/**
 * Reads one guide file: front matter and Markdown.
 * @throws Error naming the file when the front matter is missing or wrong, or the text has a `#` heading
 */
function readGuide(file: string, source: string): StoredGuide & { order: number } {
  const slug = path.basename(file, '.md');
  const parts = FRONT_MATTER.exec(source);
  if (!parts) throw new Error(`${file}: no front matter between two '---' lines`);
  const front = frontMatterSchema.safeParse(parseYaml(parts[1] ?? ''));
  if (!front.success) throw new Error(`${file}: front matter ${z.prettifyError(front.error)}`);
  let rendered: ReturnType<typeof renderGuide>;
  try {
    rendered = renderGuide(parts[2] ?? '');
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const { title, description, updated, order } = front.data;
  return {
    order,
    summary: { slug, title, description, updated, reading_minutes: readingMinutes(rendered.words) },
    html: rendered.html,
    toc: rendered.toc,
  };
}

/**
 * The guides of one content folder, read and rendered once: the list, one guide with its
 * neighbours, and their sitemap. Answers are the same objects on every call.
 */
export class GuideCatalogue {
  private readonly guides: StoredGuide[];
  private readonly bySlug: Map<string, Guide>;
  private readonly listAnswer: GuideList;

  private constructor(guides: StoredGuide[]) {
    this.guides = guides;
    this.listAnswer = { guides: guides.map((guide) => guide.summary) };
    this.bySlug = new Map(
      guides.map((guide, index) => [
        guide.summary.slug,
        {
          ...guide.summary,
          html: guide.html,
          toc: guide.toc,
          previous: guides[index - 1]?.summary ?? null,
          next: guides[index + 1]?.summary ?? null,
        },
      ]),
    );
  }

  /**
   * Reads every `*.md` file of `dir` (not its subfolders), in the order of their `order`.
   * @throws Error naming the file when a name is no valid address, a front matter is missing or
   *   wrong, two guides share an `order`, or a text has a `#` heading; the server then does not start
   */
  static async load(dir: string = GUIDES_DIR): Promise<GuideCatalogue> {
    const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.md')).sort();
    const read = await Promise.all(
      files.map(async (name) => {
        if (!GUIDE_SLUG_PATTERN.test(path.basename(name, '.md')))
          throw new Error(`${name}: a guide's file name is its address: a-z, 0-9 and hyphens`);
        return readGuide(name, await fs.readFile(path.join(dir, name), 'utf8'));
      }),
    );
    read.sort((a, b) => a.order - b.order);
    read.forEach((guide, index) => {
      if (index > 0 && read[index - 1]?.order === guide.order)
        throw new Error(`${guide.summary.slug}.md: order ${guide.order} is taken by another guide`);
    });
    return new GuideCatalogue(read);
  }

  /** `GET /api/guides`: every guide's summary in the list's order. */
  list(): GuideList {
    return this.listAnswer;
  }

  /** `GET /api/guides/{slug}`: the guide with its content and neighbours, or null for none. */
  find(slug: string): Guide | null {
    return this.bySlug.get(slug) ?? null;
  }

  /**
   * The sitemap of the guide pages (sitemaps.org): `/ratgeber` and each guide with the date of
   * its last revision as `lastmod`.
   * @param publicUrl the site's absolute URL without trailing slash (`PUBLIC_URL`)
   */
  sitemap(publicUrl: string): string {
    const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', {
      xmlns: 'http://www.sitemaps.org/schemas/sitemap/0.9',
    });
    const newest = this.guides
      .map((guide) => guide.summary.updated)
      .sort()
      .at(-1);
    const overview = root.ele('url');
    overview.ele('loc').txt(`${publicUrl}/ratgeber`);
    if (newest) overview.ele('lastmod').txt(newest);
    for (const { summary } of this.guides) {
      const url = root.ele('url');
      url.ele('loc').txt(`${publicUrl}/ratgeber/${summary.slug}`);
      url.ele('lastmod').txt(summary.updated);
    }
    return root.end();
  }
}
