import {
  NEWS_CATEGORIES,
  NEWS_CATEGORY_NAMES,
  NEWS_PAGE_SIZE,
  NEWS_RADIUS_CHOICES,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { errorDetailOr } from '../../lib/api.ts';
import { useSession } from '../../lib/SessionProvider.tsx';
import { FEED_POSTAL_CODE_STORAGE_KEY, useStored } from '../../lib/storageKeys.ts';
import { PlaceField } from '../feed/index.ts';
import { newsListQuery, newsListSearch, useNewsWriter } from './api.ts';
import { NewsCard } from './NewsCard.tsx';
import { newsTexts } from './texts.ts';

/** The list's address parameters with `changes` applied (a changed filter starts at page 1). */
function paramsWith(search: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The list's address with `changes` applied. */
function addressWith(search: URLSearchParams, changes: Record<string, string>): string {
  const text = paramsWith(search, changes).toString();
  return `/lokale-news${text ? `?${text}` : ''}`;
}

/**
 * /lokale-news: the newest articles of the chosen place, radius and category (opened without
 * filters: of the place the home feed keeps on this device, else of the whole country), paged; the filters live in the address, so the server renders the same list
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md) and a link shares it. Editors and
 * ADMINs see 'Artikel schreiben'.
 */
export function NewsListPage() {
  usePageTitle(newsTexts.title);
  const [search, setSearch] = useSearchParams();
  const query = useQuery(newsListQuery(newsListSearch(search, NEWS_PAGE_SIZE)));
  const session = useSession();
  const writer = useNewsWriter(session.isLoggedIn);
  const plz = search.get('plz') ?? '';
  const [placeText, setPlaceText] = useState(plz);
  // The reader's place: the one the home feed keeps on this device, applied once to a list opened
  // without filters (none while a server-rendered page hydrates, so the first render is the server's).
  const keptPlace = useStored(FEED_POSTAL_CODE_STORAGE_KEY);
  const openedBare = useRef(search.toString() === '');
  useEffect(() => {
    if (!openedBare.current || !keptPlace || search.toString() !== '') return;
    openedBare.current = false;
    setPlaceText(keptPlace);
    setSearch(paramsWith(search, { plz: keptPlace }), { replace: true });
  }, [keptPlace, search, setSearch]);
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const choosePlace = (text: string) => setSearch(paramsWith(search, { plz: text.trim() }));
  const setFilter = (name: string, value: string) => setSearch(paramsWith(search, { [name]: value }));
  const list = query.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / NEWS_PAGE_SIZE)) : 1;
  const feedQuery = paramsWith(new URLSearchParams(), {
    plz,
    radius: plz ? (search.get('radius') ?? '') : '',
  });
  const feed = `/lokale-news/rss.xml${plz ? `?${feedQuery}` : ''}`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography variant="h1">{newsTexts.title}</Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component="a" href={feed} variant="text">
            {newsTexts.rss}
          </Button>
          {writer.data?.can_write ? (
            <Button component={RouterLink} to="/lokale-news/schreiben" variant="contained">
              {newsTexts.write}
            </Button>
          ) : null}
        </Box>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {newsTexts.intro}
      </Typography>

      <Box
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          choosePlace(placeText);
        }}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <PlaceField
          label={newsTexts.place}
          text={placeText}
          onTextChange={setPlaceText}
          onPlaceSelect={(place) => {
            setPlaceText(`${place.postal_code} ${place.place}`);
            choosePlace(place.postal_code);
          }}
          onTextCommit={choosePlace}
          size="small"
          inputName="plz"
        />
        <TextField
          select
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label={newsTexts.radius}
          value={search.get('radius') ?? ''}
          onChange={(event) => setFilter('radius', event.target.value)}
          disabled={!plz}
        >
          <MenuItem value="">{plz ? newsTexts.radiusKm(25) : newsTexts.wholeCountry}</MenuItem>
          {NEWS_RADIUS_CHOICES.filter((km) => km !== 25).map((km) => (
            <MenuItem key={km} value={String(km)}>
              {newsTexts.radiusKm(km)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          label={newsTexts.category}
          value={search.get('category') ?? ''}
          onChange={(event) => setFilter('category', event.target.value)}
        >
          <MenuItem value="">{newsTexts.allCategories}</MenuItem>
          {NEWS_CATEGORIES.map((category) => (
            <MenuItem key={category} value={category}>
              {NEWS_CATEGORY_NAMES[category]}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined">
          {newsTexts.show}
        </Button>
      </Box>

      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={newsTexts.title} />
        </Box>
      ) : null}
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorDetailOr(query.error, newsTexts.loadFailed)}
        </Alert>
      ) : null}
      {list ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {list.place ? newsTexts.near(list.place.place, list.radius ?? 25) : newsTexts.everywhere} ·{' '}
            {newsTexts.count(list.total)}
            {list.place ? (
              <>
                {' · '}
                <Link
                  component="button"
                  type="button"
                  onClick={() => {
                    setPlaceText('');
                    setSearch(paramsWith(search, { plz: '', radius: '' }));
                  }}
                >
                  {newsTexts.resetPlace}
                </Link>
              </>
            ) : null}
          </Typography>
          {list.articles.length === 0 ? <Alert severity="info">{newsTexts.none}</Alert> : null}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {list.articles.map((article) => (
              <NewsCard key={article.id} article={article} />
            ))}
          </Box>
          {pages > 1 ? (
            <Box
              component="nav"
              aria-label={newsTexts.pages}
              sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}
            >
              <Pagination
                page={Math.min(page, pages)}
                count={pages}
                renderItem={(item) => (
                  <PaginationItem
                    component={RouterLink}
                    to={addressWith(search, { page: item.page && item.page > 1 ? String(item.page) : '' })}
                    {...item}
                  />
                )}
              />
            </Box>
          ) : null}
        </>
      ) : null}
    </Container>
  );
}
