import { businessName, type ListingSeller } from '@marketplace/contract';
import PersonIcon from '@mui/icons-material/Person';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MemberReputation, useMemberReputation } from '../../../components/MemberReputation.tsx';
import { SellerBadge } from '../../../components/SellerBadge.tsx';
import { de } from '../../../i18n/de.ts';
import { FollowButton } from '../../users/index.ts';

const monthYear = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' });

/**
 * The seller of an ad: avatar, name (a business seller's company name with its legal form, the
 * member's own name beneath it; the ad of a seller with an approved shop shows the shop's logo
 * and name, linked to /shop/{id}, and 'Zum Shop' instead of 'Zum Profil'), the member's one reputation (badge, ratings, forum likes,
 * member since, answer rate; member since and badge alone until it has loaded), active ads, a link to /user/{id} and, for
 * logged-in members other than the seller, 'Folgen' / 'Entfolgen' (the members area's button, so the
 * follow lists follow at once).
 */
export function SellerCard({ seller, canFollow }: { seller: ListingSeller; canFollow: boolean }) {
  const memberSince = new Date(seller.member_since);
  const reputation = useMemberReputation(seller.id).data;
  // A business seller meets visitors by the company name; the member's own name stays beneath it.
  const shop = seller.shop ?? null;
  const shownName = shop ? shop.name : seller.trader ? businessName(seller.trader) : seller.name;
  const pageOf = shop ? `/shop/${shop.id}` : `/user/${seller.id}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="overline" color="text.secondary">
        {de.listing.seller}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {seller.trader ? de.verification.businessSeller : de.verification.privateSeller}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 0.5 }}>
        {shop ? (
          <Avatar
            variant="rounded"
            src={shop.logo ?? undefined}
            alt={shop.logo ? de.listing.shopLogoAlt(shop.name) : undefined}
            sx={{ width: 52, height: 52, bgcolor: 'primary.light' }}
          >
            <StorefrontIcon />
          </Avatar>
        ) : (
          <Avatar
            src={seller.avatar ?? undefined}
            alt={seller.avatar ? de.user.avatarAlt(shownName) : undefined}
            sx={{ width: 52, height: 52, bgcolor: 'primary.light' }}
          >
            <PersonIcon />
          </Avatar>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={pageOf}
            variant="subtitle1"
            sx={{ fontWeight: 700, display: 'block', hyphens: 'auto', overflowWrap: 'break-word' }}
          >
            {shownName}
          </Link>
          {seller.trader && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {de.profile.memberName(seller.name)}
            </Typography>
          )}
          {reputation ? (
            <MemberReputation reputation={reputation} />
          ) : (
            <>
              <SellerBadge badge={seller.badge} />
              {!Number.isNaN(memberSince.getTime()) && (
                <Typography variant="body2" color="text.secondary">
                  {de.listing.memberSince(monthYear.format(memberSince))}
                </Typography>
              )}
            </>
          )}
          <Typography variant="body2" color="text.secondary">
            {de.listing.activeListings(seller.active_listings)}
          </Typography>
        </Box>
      </Box>
      {seller.trader && (
        <Box component="section" aria-label={de.verification.traderTitle} sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{de.verification.traderTitle}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {[
              businessName(seller.trader),
              seller.trader.street,
              `${seller.trader.postal_code} ${seller.trader.city}`,
              `${de.verification.phone}: ${seller.trader.phone}`,
              seller.trader.email && `${de.verification.email}: ${seller.trader.email}`,
              seller.trader.register_number &&
                `${de.verification.registerNumber}: ${seller.trader.register_number}`,
              seller.trader.vat_id && `${de.verification.vatId}: ${seller.trader.vat_id}`,
            ]
              .filter(Boolean)
              .join('\n')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {de.verification.withdrawalNote}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={pageOf} variant="outlined" size="small">
          {shop ? de.listing.toShop : de.listing.toProfile}
        </Button>
        {canFollow && <FollowButton userId={seller.id} size="small" />}
      </Box>
    </Paper>
  );
}
