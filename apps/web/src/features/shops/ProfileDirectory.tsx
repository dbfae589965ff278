import { type ProfileCard, type ProfileKind, SERVICE_RADIUS_MAX_KM } from '@marketplace/contract';
import SearchIcon from '@mui/icons-material/Search';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCategories } from '../categories/index.ts';
import { type DirectoryFilters, useDirectory } from './api.ts';
import { shopTexts as t } from './texts.ts';

/** Wait after the last keystroke before a typed filter asks the server (ms). */
const TYPING_DELAY_MS = 400;
const RADII = [5, 10, 25, 50, 100, SERVICE_RADIUS_MAX_KM] as const;

function ProfileCardItem({ card }: { card: ProfileCard }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'flex-start' }}
    >
      <Avatar
        variant="rounded"
        src={card.logo ?? undefined}
        alt=""
        sx={{ width: 56, height: 56, bgcolor: 'primary.light' }}
      >
        {card.display_name.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Link
            component={RouterLink}
            to={`/${card.kind}/${card.id}`}
            underline="hover"
            sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {card.display_name}
          </Link>
          <VerifiedIcon color="primary" fontSize="small" titleAccess={t.verified} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {card.city}
          {card.distance_km !== null && ` · ${t.distance(card.distance_km)}`}
          {card.categories.length > 0 && ` · ${card.categories.join(', ')}`}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            mt: 0.5,
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {card.description}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600, color: 'primary.dark' }}>
          {t.ads_count(card.active_listings)} ·{' '}
          {card.rating !== null ? t.rating(card.rating, card.rating_count) : t.noRating}
        </Typography>
      </Box>
    </Paper>
  );
}

/** A text filter kept in the address once typing pauses. */
function useTypedParam(name: string): [string, string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = (params.get(name) ?? '').trim();
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    const next = typed.trim();
    if (next === value) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set(name, next);
          else updated.delete(name);
          return updated;
        },
        { replace: true },
      );
    }, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, value, name, setParams]);
  return [value, typed, setTyped];
}

/**
 * The directory's tabs Shops and Dienstleister (/entities?type=shops|providers): approved
 * profiles with a name search, a category, a place with radius (the distance on each card), sort
 * by distance, rating or number of ads, 20 a page with 'Weitere laden'. Filters live in the
 * address, so a link shares them.
 */
export function ProfileDirectory({ kind }: { kind: ProfileKind }) {
  const [params, setParams] = useSearchParams();
  const [q, typedQ, setTypedQ] = useTypedParam('q');
  const [near, typedNear, setTypedNear] = useTypedParam('near');
  const categories = useCategories().data ?? [];
  const radius = Number(params.get('radius')) || 25;
  const sortParam = params.get('sort');
  const sort: DirectoryFilters['sort'] =
    sortParam === 'distance' || sortParam === 'rating' || sortParam === 'listings' ? sortParam : '';
  const category = params.get('category') ?? '';
  const filters: DirectoryFilters = { kind, q, category, near, radius, sort };
  const directory = useDirectory(filters);
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (value) updated.set(name, value);
        else updated.delete(name);
        return updated;
      },
      { replace: true },
    );
  const list = directory.data?.pages.flatMap((page) => page.profiles) ?? [];
  const first = directory.data?.pages[0];
  const unknownPlace = directory.error instanceof ApiError && directory.error.status === 422 && near;

  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1.5fr 1fr 1.5fr 1.2fr' },
          mb: 2,
        }}
      >
        <TextField
          type="search"
          size="small"
          label="Name suchen"
          value={typedQ}
          onChange={(event) => setTypedQ(event.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          size="small"
          label={t.directoryNear}
          value={typedNear}
          onChange={(event) => setTypedNear(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          select
          size="small"
          label={t.directoryRadius}
          value={radius}
          onChange={(event) => setParam('radius', String(event.target.value))}
        >
          {RADII.map((km) => (
            <MenuItem key={km} value={km}>
              {km} km
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.directoryCategory}
          value={category}
          onChange={(event) => setParam('category', event.target.value)}
        >
          <MenuItem value="">{t.allCategories}</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t.sort}
          value={sort || (near ? 'distance' : 'listings')}
          onChange={(event) => setParam('sort', event.target.value)}
        >
          {(['distance', 'rating', 'listings'] as const).map((value) => (
            <MenuItem key={value} value={value} disabled={value === 'distance' && !near}>
              {t.sorts[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {directory.isPending && <LoadingFallback />}
      {directory.isError && (
        <Alert severity={unknownPlace ? 'info' : 'error'}>
          {unknownPlace ? t.unknownPlace : t.directoryFailed}
        </Alert>
      )}
      {first && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
          {first.total === 0 ? t.emptyDirectory[kind] : t.count(first.total)}
        </Typography>
      )}
      {list.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {list.map((card) => (
            <ProfileCardItem key={card.id} card={card} />
          ))}
        </Stack>
      )}
      <LoadMoreButton label={t.more} query={directory} />
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/shop-registration" variant="outlined">
          {t.registerCta}
        </Button>
      </Box>
    </Box>
  );
}
