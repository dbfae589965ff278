import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { de } from '../i18n/de.ts';

/**
 * The next page of a list on demand: a centred button with `label` ('Weitere laden', …) that
 * reads 'Lädt...' and is disabled while that page loads. Pass an infinite query's
 * `hasNextPage`, `isFetchingNextPage` and `fetchNextPage`; nothing shows without a next page.
 */
export function LoadMoreButton({
  label,
  query,
}: {
  label: string;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Button
        variant="outlined"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? de.feed.loading : label}
      </Button>
    </Box>
  );
}
