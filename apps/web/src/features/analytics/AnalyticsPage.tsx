import {
  type AnalyticsFigures,
  type AnalyticsListing,
  type AnalyticsSource,
  VIEW_SOURCE_NAMES,
} from '@marketplace/contract';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { de } from '../../i18n/de.ts';
import { ApiError, errorDetailOr } from '../../lib/api.ts';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { type AnalyticsRange, downloadAnalyticsCsv, useAnalytics, useListingAnalytics } from './api.ts';
import { analyticsTexts as t } from './texts.ts';

const AnalyticsChart = lazy(() => import('./AnalyticsChart.tsx'));

const RANGES: readonly AnalyticsRange[] = [7, 30, 90];
const number = (n: number) => n.toLocaleString('de-DE');
const germanDate = (day: string) => day.split('-').reverse().join('.');

/** The range of `?days=`, 30 unless it names one of the offered ranges. */
function rangeOf(value: string | null): AnalyticsRange {
  return RANGES.find((range) => String(range) === value) ?? 30;
}

/** The three figures of the range, side by side. */
function Totals({ totals }: { totals: AnalyticsFigures }) {
  const figures = [
    [t.views, totals.views],
    [t.favorites, totals.favorites],
    [t.contacts, totals.contacts],
  ] as const;
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
      }}
    >
      {figures.map(([label, value]) => (
        <Paper
          component="li"
          key={label}
          variant="outlined"
          sx={{ p: { xs: 1, sm: 1.5 }, minWidth: 0 }}
          aria-label={t.figure(label, number(value))}
        >
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontWeight: 600, overflowWrap: 'break-word' }}
          >
            <Hyphenated text={label} />
          </Typography>
          <Typography component="p" sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.3 }}>
            {number(value)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** The views of the range by source, largest first, as bars. */
function Sources({ sources }: { sources: AnalyticsSource[] }) {
  const total = sources.reduce((sum, source) => sum + source.views, 0);
  if (total === 0) return <Typography color="text.secondary">{t.noViews}</Typography>;
  const sorted = [...sources].sort((a, b) => b.views - a.views);
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {sorted.map((source) => {
        const share = Math.round((source.views / total) * 100);
        return (
          <li key={source.source}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2">{VIEW_SOURCE_NAMES[source.source]}</Typography>
              <Typography variant="body2" color="text.secondary">
                {number(source.views)} ({share} %)
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={share}
              aria-label={VIEW_SOURCE_NAMES[source.source]}
              sx={{ height: 8, borderRadius: 4 }}
            />
          </li>
        );
      })}
    </Box>
  );
}

/** A ranking of ads: title (to its own figures) with views, favourites and contacts. */
function Ranking({
  title,
  listings,
  days,
}: {
  title: string;
  listings: AnalyticsListing[];
  days: AnalyticsRange;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {listings.length === 0 ? (
        <Typography color="text.secondary">{t.noneRanked}</Typography>
      ) : (
        <Box component="ol" sx={{ p: 0, m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          {listings.map((listing) => (
            <li key={listing.id}>
              <Link
                component={RouterLink}
                to={`/analytics?days=${days}&listing=${listing.id}`}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {listing.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {t.views} {number(listing.views)} · {t.favorites} {number(listing.favorites)} · {t.contacts}{' '}
                {number(listing.contacts)}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * /analytics (SPEC.md §2, login required; the side menu's 'Analytics'): how often the member's
 * ads were viewed, saved and asked about per Europe/Berlin day over 7, 30 or 90 days, where the
 * views came from, the ads ranked by views and by contacts, and one ad's figures (picked, or
 * `?listing={id}`); 'CSV herunterladen' saves the same figures. `?days=` keeps the range.
 */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const days = rangeOf(params.get('days'));
  const listingId = params.get('listing');
  const all = useAnalytics(days);
  const one = useListingAnalytics(listingId, days);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const change = (next: { days?: AnalyticsRange; listing?: string | null }) => {
    const nextParams = new URLSearchParams();
    nextParams.set('days', String(next.days ?? days));
    const listing = next.listing === undefined ? listingId : next.listing;
    if (listing) nextParams.set('listing', listing);
    setParams(nextParams);
  };
  const download = async () => {
    setDownloadError(null);
    setDownloading(true);
    try {
      await downloadAnalyticsCsv(days, listingId);
    } catch (error) {
      setDownloadError(errorDetailOr(error, t.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const shown = listingId ? one.data : all.data;
  const error = listingId ? one.error : all.error;
  const notFound = error instanceof ApiError && error.status === 404;
  const ads = all.data?.listings ?? [];
  const picked = listingId && !ads.some((ad) => ad.id === listingId) && one.data ? [one.data.listing] : [];

  return (
    <PageContainer title={de.pages.analytics}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.intro}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={days}
          aria-label={t.range}
          onChange={(_, value: AnalyticsRange | null) => value && change({ days: value })}
        >
          {RANGES.map((range) => (
            <ToggleButton key={range} value={range}>
              {t.days(range)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label={t.listing}
          value={listingId ?? ''}
          onChange={(event) => change({ listing: event.target.value || null })}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: '100%' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t.allListings}</MenuItem>
          {[...picked, ...ads].map((ad) => (
            <MenuItem key={ad.id} value={ad.id} sx={{ whiteSpace: 'normal' }}>
              {ad.title}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={download}
          disabled={downloading || !shown}
        >
          {t.downloadCsv}
        </Button>
      </Box>
      {downloadError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {downloadError}
        </Alert>
      )}

      {notFound && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => change({ listing: null })}>
              {t.showAll}
            </Button>
          }
        >
          {t.notFound}
        </Alert>
      )}
      {error && !notFound && <Alert severity="error">{t.loadFailed}</Alert>}
      {!shown && !error && <LoadingFallback />}

      {shown && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box>
            {one.data && listingId && (
              <Typography variant="h2" sx={{ mb: 0.5, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={`/listing/${one.data.listing.id}`}>
                  {one.data.listing.title}
                </Link>
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t.period(germanDate(shown.from), germanDate(shown.to))}
            </Typography>
            <Totals totals={shown.totals} />
          </Box>
          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="analytics-per-day">
            <Typography id="analytics-per-day" variant="h3" sx={{ mb: 1 }}>
              {t.perDay}
            </Typography>
            <Suspense fallback={<Box sx={{ height: 260 }} />}>
              <AnalyticsChart daily={shown.daily} />
            </Suspense>
          </Paper>
          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="analytics-sources">
            <Typography id="analytics-sources" variant="h3" sx={{ mb: 1 }}>
              {t.sources}
            </Typography>
            <Sources sources={shown.sources} />
          </Paper>
          {!listingId && all.data && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <Ranking title={t.topByViews} listings={all.data.top_by_views} days={days} />
              <Ranking title={t.topByContacts} listings={all.data.top_by_contacts} days={days} />
            </Box>
          )}
          <Typography variant="body2" color="text.secondary">
            {t.countedHint}
          </Typography>
        </Box>
      )}
    </PageContainer>
  );
}
