import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { relativeTime, relativeTimeInSentence } from '../../lib/relativeTime.ts';
import { forumTexts } from './texts.ts';

/** "vor 5 Min" for an ISO time, relative to now. */
export function since(iso: string): string {
  return relativeTime(new Date(iso), new Date());
}

/** "vor 5 Min" inside a sentence ("gerade eben" in lower case). */
export function sinceInSentence(iso: string): string {
  return relativeTimeInSentence(new Date(iso), new Date());
}

/** Zurück / Weiter with "Seite n von m"; nothing when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center', my: 2 }}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {forumTexts.previousPage}
      </Button>
      <Typography variant="body2">{forumTexts.pageOf(page, pages)}</Typography>
      <Button disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {forumTexts.nextPage}
      </Button>
    </Stack>
  );
}

/**
 * A post's text as the server rendered it: Markdown turned into HTML and sanitized there
 * (markdown-it without raw HTML, then sanitize-html with an allow-list; links nofollow ugc).
 */
export function PostHtml({ html }: { html: string }) {
  return (
    <Box
      className="forum-post"
      sx={{
        overflowWrap: 'anywhere',
        '& p': { my: 1 },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'divider',
          pl: 1.5,
          ml: 0,
          color: 'text.secondary',
        },
        '& pre': { bgcolor: 'grey.100', p: 1, overflowX: 'auto' },
        '& .mention': { fontWeight: 600, color: 'primary.main' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (sanitize-html allow-list)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
