import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_NAMES,
  EVENT_DATE_FILTER_NAMES,
  EVENT_DATE_FILTERS,
  type EventSummary,
  formatEventPrice,
  formatEventTime,
} from '@marketplace/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../components/PageContainer.tsx';
import { errorDetailOr } from '../../lib/api.ts';
import { listSearch, useEventList } from './api.ts';
import { eventTexts as t } from './texts.ts';

/** The radius choices of the filter, in km. */
const RADII = [5, 10, 25, 50, 100] as const;

/** One event of the list: image, date, title, place, price and seats. */
function EventCard({ event }: { event: EventSummary }) {
  return (
    <Card variant="outlined" component="article" aria-label={event.title}>
      <CardActionArea
        component={Link}
        to={`/events/${event.id}`}
        sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        {event.image && (
          <CardMedia
            component="img"
            image={event.image}
            alt=""
            sx={{ width: { xs: 96, sm: 160 }, minHeight: 96, objectFit: 'cover', flexShrink: 0 }}
          />
        )}
        <CardContent sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="primary" sx={{ fontWeight: 700 }}>
            {formatEventTime(event.starts_at)}
          </Typography>
          <Typography variant="h3" component="h2" sx={{ my: 0.5, overflowWrap: 'anywhere' }}>
            {event.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {event.postal_code} {event.place} · {event.address}
            {event.distance_km !== null && ` · ${t.distance(event.distance_km)}`}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip size="small" label={EVENT_CATEGORY_NAMES[event.category]} />
            <Chip size="small" variant="outlined" label={formatEventPrice(event.price)} />
            {event.max_participants !== null && (
              <Chip
                size="small"
                variant="outlined"
                color={event.participant_count >= event.max_participants ? 'warning' : 'default'}
                label={
                  event.participant_count >= event.max_participants
                    ? t.full
                    : t.participants(event.participant_count, event.max_participants)
                }
              />
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * /events (SPEC.md §2, linked in the top link bar): upcoming events by start, filtered by place
 * and radius, date (Heute, Dieses Wochenende, Nächste 7 Tage, a chosen range) and category, paged.
 * The filters live in the address, so a filtered list can be shared and is rendered on the server.
 */
export function EventListPage() {
  const [params, setParams] = useSearchParams();
  const search = listSearch(params);
  const query = useEventList(search);
  const [place, setPlace] = useState(params.get('postal_code') ?? '');
  const [radius, setRadius] = useState(params.get('radius_km') ?? '');
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const when = params.get('when') ?? '';
  const category = params.get('category') ?? '';

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    if (next.get('when') !== 'range') {
      next.delete('from');
      next.delete('to');
    }
    setParams(next);
  };
  const submitPlace = (event: FormEvent) => {
    event.preventDefault();
    update({ postal_code: place.trim(), radius_km: place.trim() ? radius : '', from, to });
  };

  const list = query.data;
  const page = list?.page ?? 1;
  return (
    <PageContainer title={t.listTitle} description={t.listDescription}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">{t.listDescription}</Typography>
        <Box sx={{ flexShrink: 0 }}>
          <Button component={Link} to="/events/neu" variant="contained">
            {t.publish}
          </Button>
        </Box>
      </Stack>
      <Box component="form" onSubmit={submitPlace} aria-label={t.filters.apply} sx={{ mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1.5fr 1.5fr auto' },
            alignItems: 'center',
          }}
        >
          <TextField
            size="small"
            label={t.filters.place}
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          />
          <TextField
            size="small"
            select
            label={t.filters.radius}
            value={radius}
            onChange={(event) => setRadius(event.target.value)}
          >
            <MenuItem value="">{t.filters.radiusAny}</MenuItem>
            {RADII.map((km) => (
              <MenuItem key={km} value={String(km)}>
                {t.filters.radiusKm(km)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t.filters.category}
            value={category}
            onChange={(event) => update({ category: event.target.value })}
          >
            <MenuItem value="">{t.filters.anyCategory}</MenuItem>
            {EVENT_CATEGORIES.map((value) => (
              <MenuItem key={value} value={value}>
                {EVENT_CATEGORY_NAMES[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t.filters.when}
            value={when}
            onChange={(event) => update({ when: event.target.value, from, to })}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            <MenuItem value="">{t.filters.anyTime}</MenuItem>
            {EVENT_DATE_FILTERS.map((value) => (
              <MenuItem key={value} value={value}>
                {EVENT_DATE_FILTER_NAMES[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            {t.filters.apply}
          </Button>
        </Box>
        {when === 'range' && (
          <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
            <TextField
              size="small"
              type="date"
              label={t.filters.from}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label={t.filters.to}
              value={to}
              onChange={(event) => setTo(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        )}
      </Box>
      {query.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t.listTitle} />
        </Box>
      )}
      {query.isError && (
        <Alert severity="error" role="alert">
          {errorDetailOr(query.error, t.loadFailed)}
        </Alert>
      )}
      {list && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
            {t.count(list.total)}
          </Typography>
          {list.events.length === 0 ? (
            <Alert severity="info">{t.none}</Alert>
          ) : (
            <Stack spacing={1.5}>
              {list.events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </Stack>
          )}
          {list.pages > 1 && (
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', justifyContent: 'center' }}>
              <Button disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
                {t.previous}
              </Button>
              <Typography variant="body2">{t.pageOf(page, list.pages)}</Typography>
              <Button disabled={page >= list.pages} onClick={() => update({ page: String(page + 1) })}>
                {t.next}
              </Button>
            </Stack>
          )}
        </>
      )}
    </PageContainer>
  );
}
