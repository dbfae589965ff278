import { CATEGORY_FALLBACK_ICON, type Category } from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { de } from '../../i18n/de.ts';
import { CATEGORY_TILE_HEIGHT_PX, CATEGORY_TILE_WIDTH_PX } from '../../lib/constants.ts';
import { categoryLoadErrorText, useCategories } from './api.ts';

/** Shown in the icon box when a category has no icon (SPEC.md §2 "fallback is an icon box with an emoji"). */

/**
 * The horizontally scrolling category strip of the home page (SPEC.md §2 "Home"): one 64x80
 * tile per category with its icon and short label.
 */
export function CategoryStrip() {
  const categories = useCategories();
  if (categories.error) {
    return <Alert severity="error">{categoryLoadErrorText(categories.error)}</Alert>;
  }
  return (
    <Box
      component="nav"
      aria-label={de.categories.stripLabel}
      sx={{
        display: 'flex',
        gap: 1,
        overflowX: 'auto',
        scrollSnapType: 'x proximity',
        py: 0.5,
        mx: { xs: -2, sm: 0 },
        px: { xs: 2, sm: 0 },
        scrollbarWidth: 'thin',
        minHeight: CATEGORY_TILE_HEIGHT_PX + 8,
      }}
    >
      {(categories.data ?? []).map((category) => (
        <CategoryTile key={category.id} category={category} />
      ))}
    </Box>
  );
}

function CategoryTile({ category }: { category: Category }) {
  return (
    <Box
      component={Link}
      to={`/category/${category.slug}`}
      title={category.name}
      sx={{
        flex: '0 0 auto',
        width: CATEGORY_TILE_WIDTH_PX,
        height: CATEGORY_TILE_HEIGHT_PX,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.5,
        color: 'text.primary',
        textDecoration: 'none',
        scrollSnapAlign: 'start',
        borderRadius: 2,
        '&:hover .category-icon, &:focus-visible .category-icon': { bgcolor: 'primary.light' },
      }}
    >
      <Box
        className="category-icon"
        aria-hidden
        sx={{
          width: 52,
          height: 52,
          borderRadius: 3,
          bgcolor: '#e0f2f1',
          display: 'grid',
          placeItems: 'center',
          fontSize: 26,
          lineHeight: 1,
          transition: 'background-color 150ms',
        }}
      >
        {category.icon || CATEGORY_FALLBACK_ICON}
      </Box>
      <Typography
        variant="caption"
        sx={{ fontSize: '0.7rem', lineHeight: 1.2, textAlign: 'center', width: '100%' }}
        noWrap
      >
        {category.short_name || category.name}
      </Typography>
    </Box>
  );
}
