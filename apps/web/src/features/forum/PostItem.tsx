import type { ForumPost } from '@marketplace/contract';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MemberReputation } from '../../components/MemberReputation.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { deletePost, editPost, reportPost, setLike } from './api.ts';
import { PostHtml, since } from './parts.tsx';
import { forumTexts } from './texts.ts';

/**
 * Asks for a reason (report, an admin's deletion); its button reads `submitLabel` ('Meldung
 * senden', 'Löschen'); `onSubmit` gets the trimmed text.
 */
export function ReasonDialog({
  open,
  title,
  label,
  submitLabel,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  label: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={label}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{forumTexts.cancel}</Button>
        <Button
          variant="contained"
          disabled={reason.trim().length < 3}
          onClick={() => {
            onSubmit(reason.trim());
            setReason('');
          }}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The author card beside a post: avatar, name, admin badge and the member's one reputation
 * (the shared card: badge, stars, forum likes, member since, answer rate). 'Verifiziert' is the
 * seller badge of an approved verification there, as on every other card; a confirmed e-mail
 * address alone reads 'E-Mail bestätigt'.
 */
function AuthorCard({ author }: { author: ForumPost['author'] }) {
  return (
    <Stack
      direction={{ xs: 'row', md: 'column' }}
      spacing={1}
      sx={{ minWidth: { md: 150 }, alignItems: { xs: 'center', md: 'flex-start' } }}
    >
      <Avatar src={author.avatar ?? undefined} alt="">
        {author.name.slice(0, 1)}
      </Avatar>
      <Box>
        <Link component={RouterLink} to={`/user/${author.id}`} sx={{ fontWeight: 600 }}>
          {author.name}
        </Link>
        {author.is_admin && <Chip size="small" label={forumTexts.admin} sx={{ ml: 0.5 }} />}
        {author.reputation ? (
          <MemberReputation reputation={author.reputation} dense />
        ) : (
          <>
            <Typography variant="caption" component="div" color="text.secondary">
              {forumTexts.memberSince(
                new Date(author.member_since).toLocaleDateString('de-DE', { month: 'long', year: 'numeric' }),
              )}
            </Typography>
            {author.rating !== null && (
              <Typography variant="caption" component="div" color="text.secondary">
                {forumTexts.rating(author.rating, author.review_count)}
              </Typography>
            )}
            <Typography variant="caption" component="div" color="text.secondary">
              {forumTexts.authorStats(author.post_count, author.likes_received)}
            </Typography>
          </>
        )}
      </Box>
    </Stack>
  );
}

/**
 * One post with its actions. Each button shows only when the server's policy allows it for this
 * reader (`post.can`, docs/decisions/0006-module-doors.md point 5); the like button always shows
 * the count and can be pressed only with `can.like`. Deleting asks for the reason the author sees
 * when it is a moderation (`can.moderate`), else for a confirmation.
 */
export function PostItem({
  post,
  onQuote,
  onChanged,
}: {
  post: ForumPost;
  onQuote: (post: ForumPost) => void;
  onChanged: () => void;
}) {
  const { showMessage } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body);
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const can = post.can;
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) showMessage(done, 'success');
      onChanged();
    } catch (error) {
      showMessage(errorDetailOr(error, forumTexts.actionFailed), 'error');
    }
  };
  return (
    <Paper
      variant="outlined"
      id={`post-${post.number}`}
      component="article"
      sx={{ p: 2, scrollMarginTop: 80 }}
      data-testid="forum-post"
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <AuthorCard author={post.author} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            <Link href={`#post-${post.number}`} color="inherit">
              {forumTexts.postNumber(post.number)}
            </Link>{' '}
            ·{' '}
            <time dateTime={post.created_at} suppressHydrationWarning>
              {since(post.created_at)}
            </time>
            {post.edited_at && ` · ${forumTexts.edited}`}
          </Typography>
          {post.deleted ? (
            <Typography sx={{ fontStyle: 'italic', color: 'text.secondary', my: 1 }}>
              {post.deleted_reason
                ? forumTexts.deletedPostReason(post.deleted_reason)
                : forumTexts.deletedPost}
            </Typography>
          ) : editing ? (
            <Box sx={{ my: 1 }}>
              <TextField
                fullWidth
                multiline
                minRows={3}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                label={forumTexts.bodyLabel}
              />
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button
                  variant="contained"
                  onClick={() =>
                    act(async () => {
                      await editPost(post.id, draft);
                      setEditing(false);
                    }, forumTexts.saved)
                  }
                >
                  {forumTexts.save}
                </Button>
                <Button onClick={() => setEditing(false)}>{forumTexts.cancel}</Button>
              </Stack>
            </Box>
          ) : (
            <PostHtml html={post.html} />
          )}
          {!post.deleted && (
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', mt: 1 }}>
              <Button
                size="small"
                startIcon={post.liked ? <FavoriteIcon /> : <FavoriteBorderIcon />}
                disabled={!can.like}
                aria-pressed={post.liked}
                aria-label={`${post.liked ? forumTexts.unlike : forumTexts.like} (${forumTexts.likes(post.like_count)})`}
                onClick={() => act(() => setLike(post.id, !post.liked))}
              >
                {post.like_count}
              </Button>
              {can.reply && (
                <Button size="small" onClick={() => onQuote(post)}>
                  {forumTexts.quote}
                </Button>
              )}
              {can.edit && (
                <Button size="small" onClick={() => setEditing(true)}>
                  {forumTexts.edit}
                </Button>
              )}
              {can.delete && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => {
                    if (can.moderate) setDialog('delete');
                    else if (window.confirm(forumTexts.confirmDelete))
                      void act(() => deletePost(post.id), forumTexts.deleted);
                  }}
                >
                  {forumTexts.delete}
                </Button>
              )}
              {can.report && (
                <Button size="small" onClick={() => setDialog('report')}>
                  {forumTexts.report}
                </Button>
              )}
            </Stack>
          )}
        </Box>
      </Stack>
      <ReasonDialog
        open={dialog !== null}
        title={dialog === 'report' ? forumTexts.reportTitle : forumTexts.delete}
        label={dialog === 'report' ? forumTexts.reportReason : forumTexts.deleteReasonLabel}
        submitLabel={dialog === 'report' ? forumTexts.reportSend : forumTexts.delete}
        onClose={() => setDialog(null)}
        onSubmit={(reason) => {
          const which = dialog;
          setDialog(null);
          void act(
            () => (which === 'report' ? reportPost(post.id, reason) : deletePost(post.id, reason)),
            which === 'report' ? forumTexts.reported : forumTexts.deleted,
          );
        }}
      />
    </Paper>
  );
}
