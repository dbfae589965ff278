import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/**
 * One row of a list the owner edits (opening hours, services): its fields in a grid of
 * `columns` (a phone's and a wider screen's `grid-template-columns`, the last column for the
 * button) and a button named `removeLabel` that removes the row.
 */
export function RemovableRow({
  columns,
  removeLabel,
  onRemove,
  children,
}: {
  columns: { xs: string; sm: string };
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: columns }}>
      {children}
      <IconButton aria-label={removeLabel} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}
