import { zodResolver } from '@hookform/resolvers/zod';
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
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { createThread, forumKeys, previewPost, useForumOverview } from './api.ts';
import { PostHtml } from './parts.tsx';
import { forumTexts } from './texts.ts';

/**
 * /forum/{mainCategory}/create and /forum/{mainCategory}/{subCategory}/create: a new thread with
 * forum, title and text, a preview rendered by the server, and the contract's German validation
 * (`forumCreateThreadBodySchema`, the schema of `POST /api/forum/threads`) under each field
 * before sending; the server's refusal shows above the button.
 */
export function CreateThreadPage() {
  const { mainCategory = '', subCategory } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overview = useForumOverview();
  const { isLoggedIn, user } = useSession();
  const form = useForm({
    resolver: zodResolver(forumCreateThreadBodySchema),
    defaultValues: { category_id: subCategory ? `${mainCategory}/${subCategory}` : '', title: '', body: '' },
  });
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: createThread,
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: forumKeys.all });
      navigate(`/forum/thread/${id}`);
    },
  });
  const main = overview.data?.forums.find((forum) => forum.id === mainCategory);
  const choices = main ? main.subforums : (overview.data?.forums.flatMap((forum) => forum.subforums) ?? []);

  const showPreview = async () => {
    setTab('preview');
    setPreview(null);
    const body = form.getValues('body');
    try {
      setPreview(body.trim() ? await previewPost(body) : '');
    } catch (error) {
      form.setError('body', { message: errorDetailOr(error, forumTexts.actionFailed) });
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
      <Box component="form" noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <Stack spacing={2}>
          <FormTextField
            control={form.control}
            name="category_id"
            select
            label={forumTexts.forumLabel}
            required
          >
            {choices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="title"
            label={forumTexts.titleLabel}
            helperText={`${FORUM_TITLE_MIN}–${FORUM_TITLE_MAX} Zeichen`}
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
            <FormTextField
              control={form.control}
              name="body"
              label={forumTexts.bodyLabel}
              multiline
              minRows={8}
              helperText={forumTexts.bodyHelp}
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
          {create.isError && (
            <Alert severity="error">{errorDetailOr(create.error, forumTexts.actionFailed)}</Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {forumTexts.create}
            </Button>
          </Box>
        </Stack>
      </Box>
    </PageContainer>
  );
}
