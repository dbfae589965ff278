import type { Category } from '@marketplace/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { de } from '../../i18n/de.ts';
import { type CategorySelection, categoryLoadErrorText, useCategories } from './api.ts';

/**
 * The category picker used when posting (issue "The marketplace itself"): the top-level
 * categories first, then the subcategories of the chosen one. A category without
 * subcategories is chosen directly.
 */
export function CategoryPicker({
  onSelect,
  initialCategorySlug,
}: {
  onSelect: (selection: CategorySelection) => void;
  initialCategorySlug?: string;
}) {
  const categories = useCategories();
  const [openSlug, setOpenSlug] = useState<string | null>(initialCategorySlug ?? null);

  if (categories.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (categories.error) return <Alert severity="error">{categoryLoadErrorText(categories.error)}</Alert>;

  const open: Category | undefined = categories.data.find((category) => category.slug === openSlug);
  if (open) {
    return (
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => setOpenSlug(null)} sx={{ mb: 1 }}>
          {de.categories.back}
        </Button>
        <Typography variant="h3" component="h3" sx={{ px: 2, mb: 1 }}>
          <span aria-hidden>{open.icon} </span>
          {open.name}
        </Typography>
        <List dense aria-label={de.categories.subcategories(open.name)}>
          {open.subcategories.map((subcategory) => (
            <ListItem key={subcategory.id} disablePadding>
              <ListItemButton onClick={() => onSelect({ category: open, subcategory })}>
                <ListItemIcon sx={{ minWidth: 36, fontSize: 20 }} aria-hidden>
                  {subcategory.icon || open.icon}
                </ListItemIcon>
                <ListItemText primary={subcategory.name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Box>
    );
  }

  return (
    <List dense aria-label={de.categories.stripLabel}>
      {categories.data.map((category) => (
        <ListItem key={category.id} disablePadding>
          <ListItemButton
            onClick={() =>
              category.subcategories.length > 0
                ? setOpenSlug(category.slug)
                : onSelect({ category, subcategory: null })
            }
          >
            <ListItemIcon sx={{ minWidth: 36, fontSize: 20 }} aria-hidden>
              {category.icon}
            </ListItemIcon>
            <ListItemText primary={category.name} />
            {category.subcategories.length > 0 && <ChevronRightIcon color="action" />}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
