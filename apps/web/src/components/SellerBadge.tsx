import StorefrontIcon from '@mui/icons-material/Storefront';
import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import { de } from '../i18n/de.ts';

/**
 * A verified seller's badge (DSA Art. 30): 'Verifiziert' for a private seller, 'Gewerblich' for
 * a business; nothing for other sellers.
 */
export function SellerBadge({ badge }: { badge: 'private' | 'business' | null | undefined }) {
  if (!badge) return null;
  const business = badge === 'business';
  return (
    <Chip
      size="small"
      color={business ? 'secondary' : 'success'}
      variant="outlined"
      icon={business ? <StorefrontIcon /> : <VerifiedIcon />}
      label={business ? de.verification.badgeBusiness : de.verification.badgePrivate}
      sx={{ height: 22, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
