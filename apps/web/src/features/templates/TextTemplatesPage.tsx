import { TEXT_TEMPLATE_MAX, type TextTemplate } from '@marketplace/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { de } from '../../i18n/de.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useTextTemplateMutations, useTextTemplates } from './api.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { templateTexts as t } from './texts.ts';

/**
 * /text-templates (SPEC.md §2, login required): the member's chat text templates in their order
 * (four defaults the first time), to add, edit, move up and down (buttons, so by keyboard too;
 * the whole order goes to `PUT /api/text-templates/order`) and delete after asking.
 */
export function TextTemplatesPage() {
  const templates = useTextTemplates();
  const { reorder } = useTextTemplateMutations();
  const { showMessage } = useSnackbar();
  const list = templates.data?.templates;
  // After a move the focus stays on the moved template's button, so moving on by keyboard works.
  const [focus, setFocus] = useState<{ id: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks again once the moved list has arrived
  useEffect(() => {
    if (!focus || !listRef.current) return;
    const wanted = listRef.current.querySelector<HTMLButtonElement>(
      `[data-template-id="${focus.id}"] [data-move="${focus.direction}"]:not([disabled])`,
    );
    const fallback = listRef.current.querySelector<HTMLButtonElement>(
      `[data-template-id="${focus.id}"] [data-move]:not([disabled])`,
    );
    const button = wanted ?? fallback;
    if (!button) return;
    button.focus();
    setFocus(null);
  }, [focus, list, reorder.isPending]);

  const move = (index: number, direction: 'up' | 'down') => {
    if (!list) return;
    const target = direction === 'up' ? index - 1 : index + 1;
    const ids = list.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (!moved || target < 0 || target > ids.length) return;
    ids.splice(target, 0, moved);
    setFocus({ id: moved, direction });
    reorder.mutate(ids, { onError: (error) => showMessage(errorDetailOr(error, t.actionFailed), 'error') });
  };

  return (
    <PageContainer title={de.pages.textTemplates}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.textIntro}
      </Typography>
      {templates.isPending && <LoadingFallback />}
      {templates.error && <Alert severity="error">{t.loadFailed}</Alert>}
      {templates.data && <NewTextTemplate full={templates.data.templates.length >= templates.data.max} />}
      {list && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography>{t.textEmpty}</Typography>
        </Paper>
      )}
      {list && list.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t.textCount(list.length, templates.data?.max ?? 0)}
          </Typography>
          <Paper variant="outlined" component="ul" ref={listRef} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((template, index) => (
              <TextTemplateItem
                key={template.id}
                template={template}
                index={index}
                last={index === list.length - 1}
                moving={reorder.isPending}
                onMove={(direction) => move(index, direction)}
              />
            ))}
          </Paper>
        </>
      )}
    </PageContainer>
  );
}

/** A text template's field with its counter and the server's refusal below it. */
function TemplateTextField(props: {
  label: string;
  text: string;
  onChange: (text: string) => void;
  error: string | null;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        fullWidth
        multiline
        minRows={2}
        autoFocus={props.autoFocus}
        label={props.label}
        value={props.text}
        onChange={(event) => props.onChange(event.target.value)}
        helperText={t.textCounter(props.text.length, TEXT_TEMPLATE_MAX)}
        slotProps={{ htmlInput: { maxLength: TEXT_TEMPLATE_MAX } }}
      />
      {props.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {props.error}
        </Alert>
      )}
    </>
  );
}

function NewTextTemplate({ full }: { full: boolean }) {
  const { create } = useTextTemplateMutations();
  const { showMessage } = useSnackbar();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setError(null);
    create.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        showMessage(t.added, 'success');
      },
      onError: (failure) => setError(errorDetailOr(failure, t.actionFailed)),
    });
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <TemplateTextField label={t.newText} text={text} onChange={setText} error={error} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!text.trim() || create.isPending || full}>
          {t.add}
        </Button>
      </Box>
    </Paper>
  );
}

function TextTemplateItem(props: {
  template: TextTemplate;
  index: number;
  last: boolean;
  moving: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  const { template, index } = props;
  const number = index + 1;
  const { update, remove } = useTextTemplateMutations();
  const { showMessage } = useSnackbar();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(template.text);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    update.mutate(
      { id: template.id, text: text.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          showMessage(t.updated, 'success');
        },
        onError: (failure) => setError(errorDetailOr(failure, t.actionFailed)),
      },
    );
  };

  return (
    <Box
      component="li"
      data-template-id={template.id}
      sx={{ px: 2, py: 1.5, borderTop: index > 0 ? 1 : 0, borderColor: 'divider' }}
    >
      {editing ? (
        <Box component="form" onSubmit={save}>
          <TemplateTextField
            label={t.editLabel(number)}
            text={text}
            onChange={setText}
            error={error}
            autoFocus
          />
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
            <Button onClick={() => setEditing(false)}>{t.cancel}</Button>
            <Button type="submit" variant="contained" disabled={!text.trim() || update.isPending}>
              {t.save}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            sx={{ flex: '1 1 220px', minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {template.text}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.25, ml: 'auto' }}>
            <IconButton
              aria-label={t.moveUp(number)}
              data-move="up"
              disabled={index === 0 || props.moving}
              onClick={() => props.onMove('up')}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              aria-label={t.moveDown(number)}
              data-move="down"
              disabled={props.last || props.moving}
              onClick={() => props.onMove('down')}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton
              aria-label={t.editLabel(number)}
              onClick={() => {
                setText(template.text);
                setError(null);
                setEditing(true);
              }}
            >
              <EditOutlinedIcon />
            </IconButton>
            <IconButton aria-label={t.deleteTextLabel(number)} onClick={() => setConfirming(true)}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        </Box>
      )}
      <ConfirmDeleteDialog
        open={confirming}
        title={t.deleteTextTitle}
        text={template.text}
        done={t.textDeleted}
        pending={remove.isPending}
        remove={(callbacks) => remove.mutate(template.id, callbacks)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
