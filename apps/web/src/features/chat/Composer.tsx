import PhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { CHAT_MESSAGE_MAX_CHARS } from '../../lib/constants.ts';
import { TextTemplateMenu } from '../templates/index.ts';

/**
 * The input below a conversation: text up to 2,000 characters with a counter (Enter sends,
 * Shift+Enter breaks the line), a photo button, 'Textvorlage einfügen' (puts a text template at
 * the cursor, or in place of the selected text), 'Preisvorschlag' when `canOffer`, and
 * 'Termin vorschlagen' (a viewing or pickup, contract calendar.ts).
 */
export function Composer(props: {
  canOffer: boolean;
  uploading: boolean;
  onSend: (text: string) => void;
  onPhoto: (file: File) => void;
  onOffer: () => void;
  onAppointment: () => void;
}) {
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textInput = useRef<HTMLTextAreaElement>(null);
  // Where the cursor was when the field last lost the focus (the menu takes it).
  const selection = useRef<{ start: number; end: number } | null>(null);
  const trimmed = text.trim();

  const insert = (template: string) => {
    const { start, end } = selection.current ?? { start: text.length, end: text.length };
    const next = (text.slice(0, start) + template + text.slice(end)).slice(0, CHAT_MESSAGE_MAX_CHARS);
    const cursor = Math.min(start + template.length, next.length);
    setText(next);
    selection.current = { start: cursor, end: cursor };
    requestAnimationFrame(() => {
      const field = textInput.current;
      if (!field) return;
      field.focus();
      field.setSelectionRange(cursor, cursor);
    });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!trimmed || trimmed.length > CHAT_MESSAGE_MAX_CHARS) return;
    props.onSend(trimmed);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ borderTop: 1, borderColor: 'divider', p: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 0.5 }}>
        {props.canOffer && (
          <Button size="small" startIcon={<LocalOfferIcon />} onClick={props.onOffer}>
            {de.chat.offer}
          </Button>
        )}
        <Button size="small" startIcon={<EventIcon />} onClick={props.onAppointment}>
          {de.chat.appointment.propose}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          hidden
          data-testid="chat-photo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onPhoto(file);
            event.target.value = '';
          }}
        />
        <IconButton
          aria-label={de.chat.photo}
          onClick={() => fileInput.current?.click()}
          disabled={props.uploading}
        >
          {props.uploading ? <CircularProgress size={22} /> : <PhotoIcon />}
        </IconButton>
        <TextTemplateMenu onInsert={insert} />
        <TextField
          fullWidth
          multiline
          maxRows={5}
          size="small"
          label={de.chat.messageLabel}
          placeholder={de.chat.messagePlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value.slice(0, CHAT_MESSAGE_MAX_CHARS));
            selection.current = null;
          }}
          onBlur={(event) => {
            const field = event.target as HTMLTextAreaElement;
            selection.current = { start: field.selectionStart, end: field.selectionEnd };
          }}
          onKeyDown={onKeyDown}
          inputRef={textInput}
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_CHARS } }}
        />
        <IconButton type="submit" color="primary" aria-label={de.chat.send} disabled={!trimmed}>
          <SendIcon />
        </IconButton>
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ textAlign: 'right', pr: 6 }}
        aria-live="polite"
      >
        {de.chat.counter(text.length, CHAT_MESSAGE_MAX_CHARS)}
      </Typography>
    </Box>
  );
}
