import type { ListingTemplate } from '@marketplace/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import AddIcon from '@mui/icons-material/PostAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { formatPrice } from '../../lib/price.ts';
import { useListingTemplateMutations, useListingTemplates } from './api.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { NameDialog } from './NameDialog.tsx';
import { templateTexts as t } from './texts.ts';

const changedDate = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * /vorlagen (SPEC.md §2, login required): the member's ad templates, last changed first, with
 * name, category, price and when last changed; each starts a new ad
 * (`/create-listing?template={id}`), can be renamed and deleted (after asking).
 */
export function ListingTemplatesPage() {
  const templates = useListingTemplates();
  const list = templates.data?.templates;
  return (
    <PageContainer title={de.pages.templates}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
        {templates.data && list && list.length > 0 && ` (${t.count(list.length, templates.data.max)})`}
      </Typography>
      {templates.isPending && <LoadingFallback />}
      {templates.error && <Alert severity="error">{t.loadFailed}</Alert>}
      {list && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography sx={{ mb: 0.5, fontWeight: 600 }}>{t.empty}</Typography>
          <Typography color="text.secondary">{t.emptyHint}</Typography>
        </Paper>
      )}
      {list && list.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {list.map((template) => (
            <TemplateItem key={template.id} template={template} />
          ))}
        </Box>
      )}
    </PageContainer>
  );
}

function TemplateItem({ template }: { template: ListingTemplate }) {
  const { update, remove } = useListingTemplateMutations();
  const { showMessage } = useSnackbar();
  const [renaming, setRenaming] = useState(false);
  const [renameError, setRenameError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const price =
    template.price === null && template.price_type !== 'free'
      ? t.noPrice
      : formatPrice(template.price ?? 0, template.price_type) || t.noPrice;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
          {template.name}
        </Typography>
        {template.title && template.title !== template.name && (
          <Typography sx={{ overflowWrap: 'anywhere' }}>{template.title}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {template.category_name ?? t.noCategory} · {price}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t.changedAt(changedDate.format(new Date(template.updated_at)))}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={`/create-listing?template=${encodeURIComponent(template.id)}`}
          variant="contained"
          color="secondary"
          startIcon={<AddIcon />}
          aria-label={t.useLabel(template.name)}
        >
          {t.use}
        </Button>
        <IconButton
          aria-label={t.renameLabel(template.name)}
          onClick={() => {
            setRenameError(null);
            setRenaming(true);
          }}
        >
          <EditOutlinedIcon />
        </IconButton>
        <IconButton aria-label={t.deleteLabel(template.name)} onClick={() => setConfirming(true)}>
          <DeleteOutlinedIcon />
        </IconButton>
      </Box>
      <NameDialog
        open={renaming}
        title={t.renameTitle}
        initial={template.name}
        pending={update.isPending}
        error={renameError}
        onClose={() => setRenaming(false)}
        onSave={(name) =>
          update.mutate(
            { id: template.id, body: { name } },
            {
              onSuccess: () => {
                setRenaming(false);
                showMessage(t.renamed, 'success');
              },
              onError: (error) => setRenameError(errorDetailOr(error, t.actionFailed)),
            },
          )
        }
      />
      <ConfirmDeleteDialog
        open={confirming}
        title={t.deleteTitle}
        text={t.deleteText(template.name)}
        done={t.deleted}
        pending={remove.isPending}
        remove={(callbacks) => remove.mutate(template.id, callbacks)}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
