import StorefrontIcon from '@mui/icons-material/Storefront';
import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import { de } from '../i18n/de.ts';

/**
 * A verified seller's badge (DSA Art. 30): 'Verifiziert' for a private seller, 'Gewerblich' for
 * a business; nothing for other sellers. Drawn as a `span`: it sits in the cards' meta line, a
 * paragraph, which may hold phrasing content only (a `div` there would close the paragraph in
 * the browser's parser and the server's markup would no longer match the app's).
 */
export function SellerBadge({ badge }: { badge: 'private' | 'business' | null | undefined }) {
  if (!badge) return null;
  const business = badge === 'business';
  return (
    <Chip
      component="span"
      size="small"
      color={business ? 'secondary' : 'success'}
      variant="outlined"
      icon={business ? <StorefrontIcon /> : <VerifiedIcon />}
      label={business ? de.verification.badgeBusiness : de.verification.badgePrivate}
      sx={{ height: 22, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
