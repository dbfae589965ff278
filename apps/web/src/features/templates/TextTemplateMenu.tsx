import ShortTextIcon from '@mui/icons-material/ShortText';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTextTemplates } from './api.ts';
import { templateTexts as t } from './texts.ts';

/**
 * 'Textvorlage einfügen' of the chat composer: a button opening a menu of the member's text
 * templates (loaded when first opened); choosing one calls `onInsert` with its text. The last
 * entry leads to /text-templates.
 */
export function TextTemplateMenu({
  onInsert,
  disabled,
}: {
  onInsert: (text: string) => void;
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const templates = useTextTemplates(opened);
  const list = templates.data?.templates ?? [];
  return (
    <>
      <IconButton
        aria-label={t.insert}
        title={t.insert}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        <ShortTextIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 360, maxHeight: 360 } } }}
      >
        {templates.isPending && <MenuItem disabled>…</MenuItem>}
        {templates.data && list.length === 0 && <MenuItem disabled>{t.insertEmpty}</MenuItem>}
        {list.map((template) => (
          <MenuItem
            key={template.id}
            onClick={() => {
              setAnchor(null);
              onInsert(template.text);
            }}
          >
            <ListItemText
              primary={template.text}
              slotProps={{ primary: { noWrap: true, title: template.text } }}
            />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem component={RouterLink} to="/text-templates" onClick={() => setAnchor(null)}>
          {t.manage}
        </MenuItem>
      </Menu>
    </>
  );
}
