import { CARD_COVER, type Listing, type ViewSourceHint } from '@marketplace/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { de } from '../i18n/de.ts';
import { Hyphenated } from '../lib/hyphenation.tsx';
import { coverImageUrl } from '../lib/listingImages.ts';
import { formatPrice } from '../lib/price.ts';
import { usePromotionLabel } from '../lib/promotionLabels.ts';
import { relativeTimeShort } from '../lib/relativeTime.ts';
import { noteViewSource } from '../lib/viewSource.ts';
import styles from './ListingCard.module.css';
import { ListingImage } from './ListingImage.tsx';
import { SellerBadge } from './SellerBadge.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * An ad in a grid: cover image, price, title, place with distance when known and the short
 * relative date (SPEC.md §9 "vor Nm/h/d"), a reserved/sold badge, and `action` (the favourite
 * heart) over the image. `compact` shows less text for the denser grid. `source` is the list the
 * card stands in, told to the ad's view for the seller analytics. Plain elements styled
 * by `ListingCard.module.css`: a page renders dozens of cards. An ad with a running paid
 * promotion (decision 0040) says so: 'Anzeige' for a Top-Anzeige, 'Hervorgehoben' with a coloured
 * frame for a Highlight.
 */
export function ListingCard({
  listing,
  compact = false,
  action,
  eagerImage = false,
  now = new Date(),
  source,
  promotion: shownPromotion,
}: {
  listing: Listing;
  compact?: boolean;
  action?: ReactNode;
  eagerImage?: boolean;
  now?: Date;
  source?: ViewSourceHint;
  /** The promotion to label whatever the shared labels say (the Top-Anzeigen slots). */
  promotion?: 'top' | 'highlight';
}) {
  const place = [listing.postal_code, listing.location].filter(Boolean).join(' ');
  const distance = listing.distance_km !== null ? de.listing.distance(listing.distance_km) : null;
  const labelled = usePromotionLabel(listing.id);
  const promotion = shownPromotion ?? labelled;
  const classes = [
    styles.card,
    compact ? styles.compact : '',
    promotion === 'highlight' ? styles.highlighted : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes}>
      <Link
        to={`/listing/${listing.id}`}
        className={styles.link}
        onClick={source ? () => noteViewSource(listing.id, source) : undefined}
      >
        <div className={styles.media}>
          <ListingImage
            src={coverImageUrl(listing.images)}
            alt={listing.title}
            width={CARD_COVER.width}
            height={CARD_COVER.height}
            fit={CARD_COVER.fit}
            eager={eagerImage}
          />
          {listing.status !== 'active' && (
            <span className={styles.badge}>
              <StatusBadge status={listing.status} />
            </span>
          )}
        </div>
        <div className={styles.body}>
          {promotion && (
            <p className={styles.promotion} data-promotion={promotion}>
              {de.listing.promotion[promotion]}
            </p>
          )}
          <p className={styles.price}>{formatPrice(listing.price, listing.price_type)}</p>
          <h3 className={styles.title}>
            {listing.offer_type === 'wanted' && `${de.listing.offerTypes.wanted}: `}
            <Hyphenated text={listing.title} />
          </h3>
          {listing.seller.badge && (
            <p className={styles.meta}>
              <SellerBadge badge={listing.seller.badge} />
            </p>
          )}
          {!compact && (
            <p className={`${styles.meta} ${styles.bottom}`}>
              {place}
              {distance && ` · ${distance}`}
            </p>
          )}
          <p className={compact ? `${styles.meta} ${styles.bottom}` : styles.meta}>
            {compact && distance && `${distance} · `}
            <time dateTime={listing.created_at} suppressHydrationWarning>
              {relativeTimeShort(new Date(listing.created_at), now)}
            </time>
          </p>
        </div>
      </Link>
      {action && <div className={styles.action}>{action}</div>}
    </article>
  );
}
