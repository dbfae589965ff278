import type { ForumPost, ForumThreadPage } from '@marketplace/contract';
import LockIcon from '@mui/icons-material/Lock';
import PushPinIcon from '@mui/icons-material/PushPin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { ResendVerificationButton } from '../auth/index.ts';
import {
  createPost,
  deleteThread,
  forumKeys,
  forumPageNumber,
  moderateThread,
  setSubscription,
  useForumOverview,
  useForumThread,
} from './api.ts';
import { MentionSuggestions } from './MentionSuggestions.tsx';
import { PostItem, ReasonDialog } from './PostItem.tsx';
import { Pager } from './parts.tsx';
import { forumTexts } from './texts.ts';

/** ADMIN: pin, lock, move and delete the thread (deleting asks for the reason the author sees). */
function ModerationBar({ page, onChanged }: { page: ForumThreadPage; onChanged: () => void }) {
  const { showMessage } = useSnackbar();
  const overview = useForumOverview();
  const [deleting, setDeleting] = useState(false);
  const thread = page.thread;
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      showMessage(forumTexts.saved, 'success');
      onChanged();
    } catch (error) {
      showMessage(errorDetailOr(error, forumTexts.actionFailed), 'error');
    }
  };
  const targets = overview.data?.forums.flatMap((forum) => [forum, ...forum.subforums]) ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} component="section" aria-label={forumTexts.moderation}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {forumTexts.moderation}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => act(() => moderateThread(thread.id, { pinned: !thread.pinned }))}
        >
          {thread.pinned ? forumTexts.unpin : forumTexts.pin}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => act(() => moderateThread(thread.id, { locked: !thread.locked }))}
        >
          {thread.locked ? forumTexts.unlock : forumTexts.lock}
        </Button>
        <TextField
          select
          size="small"
          label={forumTexts.moveTo}
          value={thread.category_id}
          sx={{ minWidth: 200 }}
          onChange={(event) => act(() => moderateThread(thread.id, { category_id: event.target.value }))}
        >
          {targets.map((target) => (
            <MenuItem key={target.id} value={target.id}>
              {target.parent_id ? `– ${target.name}` : target.name}
            </MenuItem>
          ))}
          {targets.length === 0 && <MenuItem value={thread.category_id}>{thread.category_name}</MenuItem>}
        </TextField>
        {thread.can.delete && (
          <Button size="small" color="error" variant="outlined" onClick={() => setDeleting(true)}>
            {forumTexts.deleteThread}
          </Button>
        )}
      </Stack>
      <ReasonDialog
        open={deleting}
        title={forumTexts.deleteThread}
        label={forumTexts.reasonPrompt}
        submitLabel={forumTexts.deleteThread}
        onClose={() => setDeleting(false)}
        onSubmit={(reason) => {
          setDeleting(false);
          void act(() => deleteThread(thread.id, reason));
        }}
      />
    </Paper>
  );
}

/**
 * /forum/thread/{threadId}: the thread and one page (20) of its posts with author cards,
 * relative times, likes, quote, edit and delete of own posts, report; the reply box (members
 * with a verified e-mail, not when locked; without one a notice that writing and reporting need
 * it, with the resend button); watch or mute; ADMIN moderation. What a reader may do
 * comes from the server's `can` of the thread and each post (docs/decisions/0006-module-doors.md
 * point 5), never from comparing the reader's id with an author's.
 */
export function ThreadPage() {
  const { threadId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { hash } = useLocation();
  const page = forumPageNumber(params);
  const query = useForumThread(threadId, page);
  const queryClient = useQueryClient();
  const { isLoggedIn, user } = useSession();
  const { showMessage } = useSnackbar();
  const [reply, setReply] = useState('');
  // Where the caret stands in the reply, for the completion of @mentions.
  const [caret, setCaret] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const data = query.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: forumKeys.all });

  useEffect(() => {
    if (data && hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [data, hash]);

  // After a completed @mention (the render that shows it) the caret goes behind the inserted name.
  useEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !replyRef.current) return;
    pendingCaret.current = null;
    replyRef.current.setSelectionRange(at, at);
  });

  if (query.isPending) return <CircularProgress sx={{ m: 4 }} aria-label={de.pages.forumThread} />;
  if (!data)
    return (
      <PageContainer title={de.pages.forumThread}>
        <Alert severity="error">{forumTexts.notFound}</Alert>
      </PageContainer>
    );
  const thread = data.thread;
  const verified = user?.email_verified ?? false;

  const quote = (post: ForumPost) => {
    const lines = post.body.split('\n').map((line) => `> ${line}`);
    setReply(
      (current) =>
        `${current ? `${current}\n\n` : ''}> ${forumTexts.quoteHeader(post.author.name)}\n${lines.join('\n')}\n\n`,
    );
    setReplyTo(post.id);
    replyRef.current?.focus();
  };
  const send = async () => {
    setSending(true);
    try {
      const post = await createPost(thread.id, reply, replyTo);
      setReply('');
      setReplyTo(null);
      const last = Math.ceil(post.number / data.page_size);
      if (last !== page) setParams({ page: String(last) });
      refresh();
    } catch (error) {
      showMessage(errorDetailOr(error, forumTexts.actionFailed), 'error');
    } finally {
      setSending(false);
    }
  };
  const subscribe = async (level: 'watch' | 'mute' | null) => {
    try {
      await setSubscription(thread.id, level);
      refresh();
    } catch (error) {
      showMessage(errorDetailOr(error, forumTexts.actionFailed), 'error');
    }
  };

  return (
    <PageContainer title={thread.title}>
      <Breadcrumbs aria-label={forumTexts.breadcrumb} sx={{ mb: 1 }}>
        <Link component={RouterLink} to="/forum">
          {forumTexts.title}
        </Link>
        {data.parent && (
          <Link component={RouterLink} to={`/forum/${data.parent.id}`}>
            {data.parent.name}
          </Link>
        )}
        <Link component={RouterLink} to={`/forum/${data.category.id}`}>
          {data.category.name}
        </Link>
      </Breadcrumbs>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {thread.pinned && (
          <Chip size="small" icon={<PushPinIcon />} label={forumTexts.pinned} color="secondary" />
        )}
        {thread.locked && <Chip size="small" icon={<LockIcon />} label={forumTexts.locked} />}
        <Typography variant="body2" color="text.secondary">
          {forumTexts.replies(thread.reply_count)} · {forumTexts.views(thread.view_count)} ·{' '}
          {forumTexts.likes(thread.like_count)}
        </Typography>
        {thread.can.watch && (
          <>
            <Button
              size="small"
              variant={data.subscription === 'watch' ? 'contained' : 'outlined'}
              onClick={() => subscribe(data.subscription === 'watch' ? null : 'watch')}
            >
              {data.subscription === 'watch' ? forumTexts.watching : forumTexts.watch}
            </Button>
            <Button
              size="small"
              variant={data.subscription === 'mute' ? 'contained' : 'outlined'}
              onClick={() => subscribe(data.subscription === 'mute' ? null : 'mute')}
            >
              {data.subscription === 'mute' ? forumTexts.muted : forumTexts.mute}
            </Button>
          </>
        )}
      </Stack>
      {thread.deleted && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {forumTexts.deletedThread(thread.deleted_reason)}
        </Alert>
      )}
      {thread.moderation_note && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {forumTexts.moderationNote(thread.moderation_note)}
        </Alert>
      )}
      {thread.can.moderate && <ModerationBar page={data} onChanged={refresh} />}
      <Stack spacing={2}>
        {data.posts.map((post) => (
          <PostItem key={post.id} post={post} onQuote={quote} onChanged={refresh} />
        ))}
      </Stack>
      <Pager
        page={page}
        total={data.total}
        pageSize={data.page_size}
        onPage={(next) => setParams({ page: String(next) })}
      />
      {thread.locked ? (
        <Alert severity="info" icon={<LockIcon />}>
          {forumTexts.lockedHint}
        </Alert>
      ) : !isLoggedIn ? (
        <Alert severity="info">
          <Link component={RouterLink} to="/login">
            {forumTexts.loginToReply}
          </Link>
        </Alert>
      ) : !verified ? (
        <Alert severity="info" action={<ResendVerificationButton color="inherit" size="small" />}>
          {forumTexts.verifyToTakePart}
        </Alert>
      ) : (
        thread.can.reply && (
          <Box component="section" aria-labelledby="forum-reply-heading">
            <Typography id="forum-reply-heading" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
              {forumTexts.replyHeading}
            </Typography>
            <TextField
              inputRef={replyRef}
              fullWidth
              multiline
              minRows={4}
              label={forumTexts.bodyLabel}
              placeholder={forumTexts.replyPlaceholder}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={forumTexts.bodyHelp}
              value={reply}
              onChange={(event) => {
                setReply(event.target.value);
                setCaret(event.target.selectionStart ?? event.target.value.length);
              }}
              onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
            />
            <MentionSuggestions
              text={reply}
              caret={caret}
              // The thread's other authors, by the name shown on their posts.
              names={data.posts.filter((post) => post.author.id !== user?.id).map((post) => post.author.name)}
              onChoose={(text, at) => {
                pendingCaret.current = at;
                setReply(text);
                setCaret(at);
                replyRef.current?.focus();
              }}
            />
            <Button
              variant="contained"
              sx={{ mt: 1 }}
              disabled={sending || reply.trim().length < 2}
              onClick={send}
            >
              {forumTexts.send}
            </Button>
          </Box>
        )
      )}
    </PageContainer>
  );
}
