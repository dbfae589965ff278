import { type Listing, type ListingStatus, listingStatusSchema } from '@marketplace/contract';
import EditIcon from '@mui/icons-material/Edit';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListingImage } from '../../components/ListingImage.tsx';
import { LoadingFallback } from '../../components/LoadingFallback.tsx';
import { LoadMoreButton } from '../../components/LoadMoreButton.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { Price } from '../../components/Price.tsx';
import { useSnackbar } from '../../components/SnackbarProvider.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { de } from '../../i18n/de.ts';
import { Hyphenated } from '../../lib/hyphenation.tsx';
import { coverImageUrl } from '../../lib/listingImages.ts';
import { paymentTexts, usePromote } from '../payments/index.ts';
import { templateTexts, useSaveAsTemplate } from '../templates/index.ts';
import { deleteListing, extendListing, invalidateListings, updateListing, useMyListings } from './api.ts';
import { myListingsTexts } from './texts.ts';

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' });

type Action = 'reserved' | 'sold' | 'active' | 'extend' | 'delete';

/** The actions a status offers (issue "The marketplace itself": mark reserved or sold, reactivate, extend). */
export function actionsFor(status: ListingStatus): Action[] {
  switch (status) {
    case 'active':
      return ['reserved', 'sold', 'extend', 'delete'];
    case 'reserved':
      return ['active', 'sold', 'delete'];
    case 'sold':
      return ['active', 'delete'];
    case 'expired':
      return ['active', 'delete'];
    // Removed by moderation: only deleting is left (or an appeal on the statement of reasons).
    case 'removed':
      return ['delete'];
  }
}

const ACTION_LABELS: Record<Action, string> = {
  reserved: myListingsTexts.markReserved,
  sold: myListingsTexts.markSold,
  active: myListingsTexts.reactivate,
  extend: myListingsTexts.extend,
  delete: myListingsTexts.delete,
};

/**
 * /listings (Meine Anzeigen): the member's ads with status chips (Aktiv, Reserviert, Verkauft,
 * Abgelaufen), views and favourite counts, and the actions edit, delete (with confirmation),
 * mark reserved or sold, reactivate and extend.
 */
export function MyListingsPage() {
  const [filter, setFilter] = useState<ListingStatus | 'all'>('all');
  const listings = useMyListings(filter === 'all' ? undefined : filter);
  // The counts per status stay visible while another filter's page loads.
  const [counts, setCounts] = useState<Record<ListingStatus, number> | null>(null);
  const firstPage = listings.data?.pages[0];
  useEffect(() => {
    if (firstPage) setCounts(firstPage.counts);
  }, [firstPage]);
  const items = listings.data?.pages.flatMap((page) => page.listings) ?? [];
  const allCount = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;

  return (
    <PageContainer title={de.pages.myListings}>
      {listings.error && <Alert severity="error">{myListingsTexts.loadFailed}</Alert>}
      {allCount === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>{myListingsTexts.empty}</Typography>
          <Button component={RouterLink} to="/create-listing" variant="contained" color="secondary">
            {myListingsTexts.createFirst}
          </Button>
        </Paper>
      )}
      {counts && allCount !== null && allCount > 0 && (
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
          role="group"
          aria-label={myListingsTexts.statusFilter}
        >
          {(['all', ...listingStatusSchema.options] as const).map((status) => (
            <Chip
              key={status}
              label={`${status === 'all' ? myListingsTexts.all : de.listing.status[status]} (${
                status === 'all' ? allCount : counts[status]
              })`}
              color={filter === status ? 'primary' : 'default'}
              variant={filter === status ? 'filled' : 'outlined'}
              onClick={() => setFilter(status)}
              aria-pressed={filter === status}
            />
          ))}
        </Box>
      )}
      {listings.isPending && <LoadingFallback />}
      {items.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          {items.map((listing) => (
            <MyListingRow key={listing.id} listing={listing} />
          ))}
        </Box>
      )}
      <LoadMoreButton label={myListingsTexts.more} query={listings} />
    </PageContainer>
  );
}

/** What each action says when it is done: every action its own message. */
const DONE_MESSAGES: Record<Action, string> = {
  delete: myListingsTexts.deleted,
  extend: myListingsTexts.extended,
  reserved: myListingsTexts.markedReserved,
  sold: myListingsTexts.markedSold,
  active: myListingsTexts.reactivated,
};

function MyListingRow({ listing }: { listing: Listing }) {
  const queryClient = useQueryClient();
  const { showMessage } = useSnackbar();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = useMutation({
    mutationFn: async (action: Action) => {
      if (action === 'delete') await deleteListing(listing.id);
      else if (action === 'extend') await extendListing(listing.id);
      else await updateListing(listing.id, { status: action });
      return action;
    },
    onSuccess: async (action) => {
      await invalidateListings(queryClient);
      showMessage(DONE_MESSAGES[action], 'success');
    },
    onError: (error) =>
      showMessage(
        error instanceof Error && error.message ? error.message : myListingsTexts.actionFailed,
        'error',
      ),
  });

  const choose = (action: Action) => {
    setMenuAnchor(null);
    if (action === 'delete') setConfirmDelete(true);
    else run.mutate(action);
  };

  const expires = new Date(listing.expires_at);
  const actions = actionsFor(listing.status);
  // 'Als Vorlage speichern': the ad's fields without its photos.
  const saveAsTemplate = useSaveAsTemplate(() => ({
    title: listing.title,
    description: listing.description,
    category: listing.category.slug,
    price: listing.price,
    price_type: listing.price_type,
    offer_type: listing.offer_type,
    postal_code: listing.postal_code,
    location: listing.location,
    attributes: listing.attributes,
  }));

  // 'Anzeige bewerben': a paid promotion of an active ad (decision 0040).
  const promote = usePromote(listing);

  return (
    <Paper component="li" variant="outlined" sx={{ display: 'flex', gap: 2, p: 1.5, alignItems: 'stretch' }}>
      <Box
        component={RouterLink}
        to={`/listing/${listing.id}`}
        sx={{
          width: { xs: 96, sm: 140 },
          flexShrink: 0,
          alignSelf: 'flex-start',
          aspectRatio: '4 / 3',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <ListingImage src={coverImageUrl(listing.images)} alt={listing.title} width={140} height={105} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusBadge status={listing.status} />
          <Typography variant="caption" color="text.secondary">
            {listing.status === 'expired'
              ? myListingsTexts.expiredAt(dateFormat.format(expires))
              : myListingsTexts.expiresAt(dateFormat.format(expires))}
          </Typography>
        </Box>
        <Typography
          component={RouterLink}
          to={`/listing/${listing.id}`}
          sx={{
            fontWeight: 600,
            color: 'text.primary',
            textDecoration: 'none',
            hyphens: 'auto',
            overflowWrap: 'break-word',
          }}
        >
          <Hyphenated text={listing.title} />
        </Typography>
        <Price price={listing.price} priceType={listing.price_type} variant="body2" />
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            color: 'text.secondary',
            fontSize: '0.85rem',
            alignItems: 'center',
            whiteSpace: 'nowrap',
          }}
        >
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <VisibilityIcon fontSize="inherit" /> {de.listing.views(listing.views)}
          </Box>
          <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
            <FavoriteIcon fontSize="inherit" /> {de.listing.favoritesCount(listing.favorites_count)}
          </Box>
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-end', sm: 'center' },
          gap: 1,
        }}
      >
        <Button
          component={RouterLink}
          to={`/edit-listing/${listing.id}`}
          startIcon={<EditIcon />}
          size="small"
          variant="outlined"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          {myListingsTexts.edit}
        </Button>
        <IconButton
          aria-label={`${myListingsTexts.actions}: ${listing.title}`}
          aria-haspopup="menu"
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          disabled={run.isPending}
        >
          <MoreVertIcon />
        </IconButton>
      </Box>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        <MenuItem component={RouterLink} to={`/edit-listing/${listing.id}`}>
          {myListingsTexts.edit}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            saveAsTemplate.start();
          }}
        >
          {templateTexts.saveAsTemplate}
        </MenuItem>
        {listing.status === 'active' && (
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              promote.start();
            }}
          >
            {paymentTexts.promote}
          </MenuItem>
        )}
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => choose(action)}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
          >
            {ACTION_LABELS[action]}
          </MenuItem>
        ))}
      </Menu>
      {saveAsTemplate.dialog}
      {promote.dialog}
      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        aria-labelledby={`delete-${listing.id}`}
      >
        <DialogTitle id={`delete-${listing.id}`}>{myListingsTexts.deleteTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{myListingsTexts.deleteText(listing.title)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{myListingsTexts.cancel}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmDelete(false);
              run.mutate('delete');
            }}
          >
            {myListingsTexts.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
