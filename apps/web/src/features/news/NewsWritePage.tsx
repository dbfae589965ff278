import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEWS_CATEGORIES,
  NEWS_CATEGORY_NAMES,
  type NewsArticleBody,
  newsArticleBodySchema,
  newsArticlePath,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormTextField } from '../../components/FormTextField.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { newsArticleQuery, uploadNewsPhoto, useDeleteArticle, useNewsWriter, useSaveArticle } from './api.ts';
import { newsDate, newsTexts } from './texts.ts';

type Fields = NewsArticleBody;

const EMPTY: Fields = { title: '', teaser: '', body: '', category: 'politik', postal_code: '', image: null };

/** The article form: title, teaser, Markdown body, category, postal code and a photo. */
function ArticleForm({ id }: { id: string | null }) {
  const navigate = useNavigate();
  const save = useSaveArticle();
  const existing = useQuery({ ...newsArticleQuery(id ?? ''), enabled: id !== null });
  const form = useForm<Fields, unknown, NewsArticleBody>({
    resolver: zodResolver(newsArticleBodySchema) as never,
    defaultValues: EMPTY,
  });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const image = form.watch('image');

  useEffect(() => {
    const article = existing.data;
    if (!article) {
      form.reset(EMPTY);
      return;
    }
    form.reset({
      title: article.title,
      teaser: article.teaser,
      body: article.body,
      category: article.category,
      postal_code: article.postal_code,
      image: article.image,
    });
  }, [existing.data, form]);

  const submit = form.handleSubmit(async (body) => {
    const saved = await save.mutateAsync({ ...(id ? { id } : {}), body }).catch(() => null);
    if (saved) void navigate(newsArticlePath(saved));
  });

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {id ? newsTexts.editArticle : newsTexts.newArticle}
      </Typography>
      <Stack spacing={2}>
        <FormTextField control={form.control} name="title" label={newsTexts.fieldTitle} required fullWidth />
        <FormTextField
          control={form.control}
          name="teaser"
          label={newsTexts.fieldTeaser}
          helperText={newsTexts.fieldTeaserHelp}
          required
          fullWidth
          multiline
          minRows={2}
        />
        <FormTextField
          control={form.control}
          name="body"
          label={newsTexts.fieldBody}
          helperText={newsTexts.fieldBodyHelp}
          required
          fullWidth
          multiline
          minRows={8}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField control={form.control} name="category" label={newsTexts.category} select required>
            {NEWS_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {NEWS_CATEGORY_NAMES[category]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="postal_code"
            label={newsTexts.fieldPostalCode}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Box>
        <Box>
          {image ? (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box
                component="img"
                src={image}
                alt=""
                sx={{ width: 160, height: 90, objectFit: 'cover', borderRadius: 1 }}
              />
              <Button onClick={() => form.setValue('image', null)}>{newsTexts.removeImage}</Button>
            </Box>
          ) : (
            <Button component="label" variant="outlined" disabled={uploading}>
              {uploading ? newsTexts.imageUploading : newsTexts.fieldImage}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  if (!file) return;
                  setUploading(true);
                  setUploadError(null);
                  try {
                    form.setValue('image', await uploadNewsPhoto(file));
                  } catch (error) {
                    setUploadError(errorDetailOr(error, newsTexts.saveFailed));
                  } finally {
                    setUploading(false);
                  }
                }}
              />
            </Button>
          )}
          {uploadError ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {uploadError}
            </Alert>
          ) : null}
        </Box>
        {save.isError ? (
          <Alert severity="error">{errorDetailOr(save.error, newsTexts.saveFailed)}</Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending || uploading}>
            {id ? newsTexts.save : newsTexts.publish}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * /lokale-news/schreiben: the writer's page of editors and ADMINs. The form publishes a new
 * article, or with `?id=` changes one; below are the articles the member may edit (an editor's
 * own, an ADMIN's all) with 'Bearbeiten' and 'Löschen'. Members who may not write read why.
 */
export function NewsWritePage() {
  usePageTitle(newsTexts.writerTitle);
  const session = useSession();
  const writer = useNewsWriter(session.isLoggedIn);
  const remove = useDeleteArticle();
  const [search] = useSearchParams();
  const id = search.get('id');

  if (!session.isLoggedIn) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="info">{newsTexts.loginNeeded}</Alert>
      </Container>
    );
  }
  if (writer.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={newsTexts.writerTitle} />
      </Box>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {newsTexts.writerTitle}
      </Typography>
      {!writer.data?.can_write ? (
        <Alert severity="info">{newsTexts.writerNoRight}</Alert>
      ) : (
        <Stack spacing={4}>
          <ArticleForm key={id ?? 'new'} id={id} />
          <Box component="section" aria-labelledby="news-mine">
            <Typography id="news-mine" component="h2" variant="h5" sx={{ mb: 1 }}>
              {session.isAdmin ? newsTexts.allArticlesAdmin : newsTexts.yourArticles}
            </Typography>
            {remove.isError ? (
              <Alert severity="error">{errorDetailOr(remove.error, newsTexts.saveFailed)}</Alert>
            ) : null}
            {writer.data.articles.length === 0 ? (
              <Typography color="text.secondary">{newsTexts.noArticles}</Typography>
            ) : (
              <List disablePadding>
                {writer.data.articles.map((article) => (
                  <ListItem
                    key={article.id}
                    divider
                    disableGutters
                    secondaryAction={
                      <Box sx={{ display: 'flex', gap: 1 }}>
                        <Button
                          size="small"
                          component={RouterLink}
                          to={`/lokale-news/schreiben?id=${article.id}`}
                        >
                          {newsTexts.edit}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => {
                            if (window.confirm(newsTexts.deleteConfirm)) remove.mutate(article.id);
                          }}
                        >
                          {newsTexts.delete}
                        </Button>
                      </Box>
                    }
                    sx={{ pr: 22 }}
                  >
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={newsArticlePath(article)}>
                          {article.title}
                        </Link>
                      }
                      secondary={`${newsDate(article.published_at)} · ${article.place}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        </Stack>
      )}
    </Container>
  );
}
