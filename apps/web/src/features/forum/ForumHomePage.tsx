import ForumIcon from '@mui/icons-material/Forum';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useForumOverview, useForumSearch } from './api.ts';
import { Pager, since } from './parts.tsx';
import { forumTexts } from './texts.ts';

/** The forum search: a field, then the hits for `?q=` (title and text, german stems). */
function ForumSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const result = useForumSearch(q, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <Box sx={{ mb: 3 }}>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          fullWidth
          label={forumTexts.searchLabel}
          placeholder={forumTexts.searchPlaceholder}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="contained">
          {forumTexts.searchSubmit}
        </Button>
      </Box>
      {q.trim().length >= 2 && result.data && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {forumTexts.searchResults(result.data.total, q, result.data.total_capped)}
          </Typography>
          {result.data.hits.length === 0 && <Typography>{forumTexts.noHits}</Typography>}
          <List disablePadding>
            {result.data.hits.map((hit) => (
              <ListItem
                key={hit.post_id}
                disableGutters
                sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}
              >
                <Link
                  component={RouterLink}
                  to={`/forum/thread/${hit.thread_id}?page=${Math.ceil(hit.post_number / 20)}#post-${hit.post_number}`}
                  sx={{ fontWeight: 600 }}
                >
                  {hit.thread_title}
                </Link>
                <Typography variant="body2" color="text.secondary" suppressHydrationWarning>
                  {hit.author_name} · {forumTexts.inForum(hit.category_name)} · {since(hit.created_at)}
                </Typography>
                <Typography variant="body2">{hit.excerpt}</Typography>
              </ListItem>
            ))}
          </List>
          <Pager
            page={page}
            total={result.data.total}
            pageSize={result.data.page_size}
            onPage={(next) => setParams({ q, page: String(next) })}
          />
        </Box>
      )}
      {result.isError && <Alert severity="error">{forumTexts.loadFailed}</Alert>}
    </Box>
  );
}

/** /forum: the three forums with their subforums, counts and latest activity, and the search. */
export function ForumHomePage() {
  const overview = useForumOverview();
  return (
    <PageContainer title={forumTexts.title}>
      <Typography sx={{ mb: 2 }}>{forumTexts.intro}</Typography>
      <ForumSearch />
      {overview.isPending && <CircularProgress aria-label={forumTexts.title} />}
      {overview.isError && <Alert severity="error">{forumTexts.loadFailed}</Alert>}
      <Stack spacing={2}>
        {overview.data?.forums.map((forum) => (
          <Card key={forum.id} variant="outlined" component="section" aria-labelledby={`forum-${forum.id}`}>
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <ForumIcon color="primary" />
                <Link
                  id={`forum-${forum.id}`}
                  component={RouterLink}
                  to={`/forum/${forum.id}`}
                  variant="h2"
                  underline="hover"
                  sx={{ fontSize: '1.25rem', fontWeight: 700 }}
                >
                  {forum.name}
                </Link>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {forum.description} · {forumTexts.threads(forum.thread_count)} ·{' '}
                {forumTexts.posts(forum.post_count)}
              </Typography>
              <List disablePadding sx={{ mt: 1 }}>
                {forum.subforums.map((sub) => (
                  <ListItem
                    key={sub.id}
                    disableGutters
                    sx={{
                      display: 'grid',
                      gridTemplateColumns: { xs: '1fr', sm: '1fr 1.3fr' },
                      gap: 0.5,
                      borderTop: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Box>
                      <Link component={RouterLink} to={`/forum/${sub.id}`} sx={{ fontWeight: 600 }}>
                        {sub.name}
                      </Link>
                      <Typography variant="body2" color="text.secondary">
                        {forumTexts.threads(sub.thread_count)} · {forumTexts.posts(sub.post_count)}
                      </Typography>
                    </Box>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                      // The relative time may have moved on since the server rendered it.
                      suppressHydrationWarning
                    >
                      {sub.last_activity ? (
                        <>
                          <Link component={RouterLink} to={`/forum/thread/${sub.last_activity.thread_id}`}>
                            {sub.last_activity.thread_title}
                          </Link>
                          {` – ${sub.last_activity.author_name ? `${sub.last_activity.author_name}, ` : ''}${since(sub.last_activity.at)}`}
                        </>
                      ) : (
                        forumTexts.noActivity
                      )}
                    </Typography>
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        ))}
      </Stack>
    </PageContainer>
  );
}
