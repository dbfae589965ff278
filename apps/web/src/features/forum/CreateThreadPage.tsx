import {
  FORUM_BODY_MAX,
  FORUM_BODY_MIN,
  FORUM_TITLE_MAX,
  FORUM_TITLE_MIN,
  forumCreateThreadBodySchema,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { createThread, forumKeys, previewPost, useForumOverview } from './api.ts';
import { PostHtml } from './parts.tsx';
import { forumTexts } from './texts.ts';

type Errors = Partial<Record<'category_id' | 'title' | 'body' | 'form', string>>;

/**
 * /forum/{mainCategory}/create and /forum/{mainCategory}/{subCategory}/create: a new thread with
 * forum, title and text, a preview rendered by the server, and the contract's German validation
 * before sending (the server checks again).
 */
export function CreateThreadPage() {
  const { mainCategory = '', subCategory } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overview = useForumOverview();
  const { isLoggedIn, user } = useSession();
  const [categoryId, setCategoryId] = useState(subCategory ? `${mainCategory}/${subCategory}` : '');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const main = overview.data?.forums.find((forum) => forum.id === mainCategory);
  const choices = main ? main.subforums : (overview.data?.forums.flatMap((forum) => forum.subforums) ?? []);

  const showPreview = async () => {
    setTab('preview');
    setPreview(null);
    try {
      setPreview(body.trim() ? await previewPost(body) : '');
    } catch (error) {
      setErrors({ body: errorDetailOr(error, forumTexts.actionFailed) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forumCreateThreadBodySchema.safeParse({ category_id: categoryId, title, body });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const id = await createThread(parsed.data);
      await queryClient.invalidateQueries({ queryKey: forumKeys.all });
      navigate(`/forum/thread/${id}`);
    } catch (error) {
      setErrors({ form: errorDetailOr(error, forumTexts.actionFailed) });
    } finally {
      setSending(false);
    }
  };

  if (!isLoggedIn)
    return (
      <PageContainer title={forumTexts.createTitle}>
        <Alert severity="info">
          <RouterLink to="/login">{forumTexts.loginToCreate}</RouterLink>
        </Alert>
      </PageContainer>
    );

  return (
    <PageContainer title={forumTexts.createTitle}>
      {!user?.email_verified && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {forumTexts.verifyToPost}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <TextField
            select
            label={forumTexts.forumLabel}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            error={!!errors.category_id}
            helperText={errors.category_id}
            required
          >
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={forumTexts.titleLabel}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            error={!!errors.title}
            helperText={errors.title ?? `${FORUM_TITLE_MIN}–${FORUM_TITLE_MAX} Zeichen`}
            slotProps={{ htmlInput: { maxLength: FORUM_TITLE_MAX } }}
            required
          />
          <Tabs
            value={tab}
            onChange={(_event, value: 'write' | 'preview') =>
              value === 'preview' ? void showPreview() : setTab('write')
            }
          >
            <Tab value="write" label={forumTexts.write} />
            <Tab value="preview" label={forumTexts.preview} />
          </Tabs>
          {tab === 'write' ? (
            <TextField
              label={forumTexts.bodyLabel}
              multiline
              minRows={8}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              error={!!errors.body}
              helperText={errors.body ?? forumTexts.bodyHelp}
              slotProps={{ htmlInput: { maxLength: FORUM_BODY_MAX, minLength: FORUM_BODY_MIN } }}
              required
            />
          ) : (
            <Paper variant="outlined" sx={{ p: 2, minHeight: 120 }} data-testid="forum-preview">
              {preview === null ? (
                <Typography color="text.secondary">…</Typography>
              ) : preview === '' ? (
                <Typography color="text.secondary">{forumTexts.emptyPreview}</Typography>
              ) : (
                <PostHtml html={preview} />
              )}
            </Paper>
          )}
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          <Box>
            <Button type="submit" variant="contained" disabled={sending}>
              {forumTexts.create}
            </Button>
          </Box>
        </Stack>
      </Box>
    </PageContainer>
  );
}
