import type { ForumSort } from '@marketplace/contract';
import AddIcon from '@mui/icons-material/Add';
import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { forumPageNumber, THREAD_SORTS, threadListSort, useForumThreads } from './api.ts';
import { Pager, since, sinceInSentence } from './parts.tsx';
import { forumTexts } from './texts.ts';

/**
 * /forum/{categorySlug} and /forum/{mainCategory}/{subCategory}: the threads of a forum (a main
 * forum shows those of all its subforums), pinned first then by latest activity, or newest or
 * most liked; 20 per page; the button to open a new thread.
 */
export function ForumListPage() {
  const { categorySlug, mainCategory, subCategory } = useParams();
  const category = categorySlug ?? `${mainCategory}/${subCategory}`;
  const [params, setParams] = useSearchParams();
  const sort = threadListSort(params);
  const page = forumPageNumber(params);
  const list = useForumThreads(category, sort, page);
  const data = list.data;
  const title = data?.category.name ?? de.forums[category] ?? forumTexts.title;
  return (
    <PageContainer title={title}>
      <Breadcrumbs aria-label={forumTexts.breadcrumb} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/forum">
          {forumTexts.title}
        </Link>
        {data?.parent && (
          <Link component={RouterLink} to={`/forum/${data.parent.id}`}>
            {data.parent.name}
          </Link>
        )}
        <Typography color="text.primary">{title}</Typography>
      </Breadcrumbs>
      {data && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {data.category.description}
        </Typography>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', mb: 2 }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={sort}
          aria-label={forumTexts.sortLabel}
          onChange={(_event, value: ForumSort | null) => value && setParams({ sort: value })}
        >
          {THREAD_SORTS.map((value) => (
            <ToggleButton key={value} value={value}>
              {forumTexts.sorts[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          component={RouterLink}
          to={`/forum/${category}/create`}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {forumTexts.newThread}
        </Button>
      </Stack>
      {list.isPending && <CircularProgress aria-label={title} />}
      {list.isError && <Alert severity="error">{forumTexts.notFound}</Alert>}
      {data && data.threads.length === 0 && <Typography>{forumTexts.noThreads}</Typography>}
      <List disablePadding>
        {data?.threads.map((thread) => (
          <ListItem
            key={thread.id}
            disableGutters
            sx={{ display: 'block', borderBottom: 1, borderColor: 'divider', py: 1.5 }}
            data-testid="forum-thread-row"
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {thread.pinned && (
                <Chip size="small" icon={<PushPinIcon />} label={forumTexts.pinned} color="secondary" />
              )}
              {thread.locked && <Chip size="small" icon={<LockIcon />} label={forumTexts.locked} />}
              <Link
                component={RouterLink}
                to={`/forum/thread/${thread.id}`}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {thread.title}
              </Link>
            </Stack>
            <Box sx={{ color: 'text.secondary', typography: 'body2' }} suppressHydrationWarning>
              {forumTexts.by(thread.author.name)} · {since(thread.created_at)}
              {category.includes('/') ? '' : ` · ${thread.category_name}`}
            </Box>
            <Box sx={{ color: 'text.secondary', typography: 'body2' }} suppressHydrationWarning>
              {forumTexts.replies(thread.reply_count)} · {forumTexts.views(thread.view_count)} ·{' '}
              {forumTexts.likes(thread.like_count)} ·{' '}
              {forumTexts.lastPost(thread.last_post_author, sinceInSentence(thread.last_post_at))}
            </Box>
          </ListItem>
        ))}
      </List>
      {data && (
        <Pager
          page={page}
          total={data.total}
          pageSize={data.page_size}
          onPage={(next) => setParams({ sort, page: String(next) })}
        />
      )}
    </PageContainer>
  );
}
