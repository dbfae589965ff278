import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FirstData } from '@marketplace/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/** The encodings a kept page is sent in besides plain text, in the server's order of preference. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 5 and gzip at level 6: a rendered page of about 200 kB compresses to about
 * 30 kB in a few milliseconds, once per kept page (in libuv's thread pool, off the event loop).
 */
const COMPRESS: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** The most the kept pages of one process hold, counting their plain and compressed bytes. */
export const SENT_PAGES_MAX_BYTES = 128 * 1024 * 1024;

/**
 * What a page is made from: the status its address answers and the answers it shows (the
 * JSON text handed to the page, or null for a page that asked for its own while it rendered);
 * its head is derived from these.
 */
export interface PageMade {
  status: number;
  data: FirstData | null;
}

/** A finished page as it goes out: status, the whole document, and its compressed forms. */
interface SentPage {
  /** The status and answers the page was made from: a later request with others makes it anew. */
  made: PageMade;
  status: number;
  body: Buffer;
  /** Each compressed form once asked for, shared by the requests that asked for it at once. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * The public pages the server rendered, kept as the finished document per address
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): a page asked for again with the
 * same answers goes out as the same bytes, without rendering, assembling or encoding it again,
 * and each compressed form is made once per kept page instead of once per request. Holds at most
 * {@link SENT_PAGES_MAX_BYTES}, least recently sent first out; each page for the time given to
 * `keep`.
 */
export class SentPages {
  private readonly pages = new LRUCache<string, SentPage>({
    maxSize: SENT_PAGES_MAX_BYTES,
    // The compressed forms are a fraction of the plain page; counted as half of it in advance.
    sizeCalculation: (page) => Math.ceil(page.body.length * 1.5),
    ttlAutopurge: false,
  });

  /**
   * The page kept for `url` when it was made from the same status and answers as `made`, else
   * undefined. The answers are compared as text, which costs nothing when they are the same
   * string, as they are while the cache of public answers hands out the same answers.
   */
  find(url: string, made: PageMade): SentPage | undefined {
    const page = this.pages.get(url);
    if (!page || page.made.status !== made.status) return undefined;
    const [kept, asked] = [page.made.data, made.data];
    if (kept === asked) return page;
    if (!kept || !asked || kept.kind !== asked.kind || kept.json !== asked.json) return undefined;
    // The same text in another string: the next request compares with this one.
    page.made = made;
    return page;
  }

  /**
   * Keeps `html` as the page of `url` made from `made`, for `ttlMs`, and starts its brotli form
   * (what browsers ask for), so that the requests that follow find it made or being made instead
   * of each page's first compressed request making it while others wait.
   * @returns the kept page, to send
   */
  keep(url: string, made: PageMade, status: number, html: string, ttlMs: number): SentPage {
    const page: SentPage = { made, status, body: Buffer.from(html, 'utf8'), encoded: {} };
    void encoded(page, PREPARED_ENCODING);
    // A page larger than the whole store is sent but not kept.
    if (page.body.length * 1.5 <= SENT_PAGES_MAX_BYTES) this.pages.set(url, page, { ttl: ttlMs });
    return page;
  }
}

/** The encoding every kept page is compressed in when it is kept: the one browsers ask for. */
const PREPARED_ENCODING: Encoding = 'br';

/**
 * `page`'s body in `encoding`, compressed once (the first caller starts it, later ones share it);
 * a compression that failed is forgotten, so the next caller tries again.
 */
function encoded(page: SentPage, encoding: Encoding): Promise<Buffer> {
  let form = page.encoded[encoding];
  if (!form) {
    form = COMPRESS[encoding](page.body);
    page.encoded[encoding] = form;
    // Nobody may be waiting for a form started in advance: its failure is handled here too.
    form.catch(() => {
      if (page.encoded[encoding] === form) delete page.encoded[encoding];
    });
  }
  return form;
}

/**
 * Sends `page` in the best encoding the request accepts (`Accept-Encoding`: brotli, then gzip,
 * else plain), compressing it at most once per encoding; `Vary: Accept-Encoding` tells caches
 * that the body depends on it. The response's compression hook sees the `Content-Encoding` and
 * leaves the body alone.
 */
export async function sendPage(request: FastifyRequest, reply: FastifyReply, page: SentPage) {
  reply.status(page.status).header('Vary', 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? negotiate(accepted, [...ENCODINGS]) : null;
  if (!encoding) return reply.send(page.body);
  let body: Buffer;
  try {
    body = await encoded(page, encoding);
  } catch (error) {
    // Not kept (`encoded`): the next request tries again. This one goes out plain.
    request.log.error({ err: error }, 'compressing a kept page failed');
    return reply.send(page.body);
  }
  return reply.header('Content-Encoding', encoding).send(body);
}
