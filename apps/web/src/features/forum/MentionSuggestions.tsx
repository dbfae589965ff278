import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { forumTexts } from './texts.ts';

/** A name the server reads as one `@mention` (letters, digits, `_ . -`, 2 to 30 characters). */
const MENTIONABLE = /^[\p{L}\p{N}_.-]{2,30}$/u;
/** An `@` and the name typed so far, right before the caret (not inside a word or an e-mail). */
const TYPING = /(^|[^\p{L}\p{N}_@])@([\p{L}\p{N}_.-]{0,30})$/u;
/** At most this many names are offered at once. */
const MAX_SUGGESTIONS = 5;

/**
 * The `@name` being typed before `caret` in `text`: where its `@` stands and the part typed so
 * far; null when the caret is not in a mention.
 */
export function mentionAt(text: string, caret: number): { start: number; typed: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const typed = match[2] ?? '';
  return { start: caret - typed.length - 1, typed };
}

/**
 * The names offered for the mention being typed: the shown names of `names` (e.g. the thread's
 * other authors) that start with the typed part, case-insensitively, and that a mention can
 * carry (no spaces), each once.
 */
export function suggestedNames(names: readonly string[], typed: string): string[] {
  const start = typed.toLowerCase();
  const unique = [...new Set(names)].filter(
    (name) => MENTIONABLE.test(name) && name.toLowerCase().startsWith(start),
  );
  return unique.slice(0, MAX_SUGGESTIONS);
}

/**
 * Completion of `@mentions` in a post editor: while the caret stands in `@…`, the members of
 * `names` whose shown name starts with what was typed, as buttons; choosing one puts `@Name `
 * into the text (the server reads mentions by the shown name). `onChoose` gets the new text and
 * the caret position after the inserted name.
 */
export function MentionSuggestions({
  text,
  caret,
  names,
  onChoose,
}: {
  text: string;
  caret: number;
  names: readonly string[];
  onChoose: (text: string, caret: number) => void;
}) {
  const mention = mentionAt(text, caret);
  const offered = mention ? suggestedNames(names, mention.typed) : [];
  if (!mention || offered.length === 0) return null;
  return (
    <Box
      role="group"
      aria-label={forumTexts.mentionSuggestions}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5 }}
    >
      <Typography variant="caption" color="text.secondary">
        {forumTexts.mentionSuggestions}:
      </Typography>
      {offered.map((name) => (
        <Button
          key={name}
          size="small"
          variant="outlined"
          sx={{ textTransform: 'none', py: 0 }}
          // Keeps the focus (and the caret) in the editor.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            const inserted = `@${name} `;
            const rest = text.slice(caret).replace(/^[\p{L}\p{N}_.-]*\s?/u, '');
            onChoose(text.slice(0, mention.start) + inserted + rest, mention.start + inserted.length);
          }}
        >
          @{name}
        </Button>
      ))}
    </Box>
  );
}
