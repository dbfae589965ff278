import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL of how many conversations members started about the ad whose id is `listingId` (SQL of a
 * uuid), counted over the index `chat_conversations_listing_idx`: the 'Nachrichten' column of a
 * seller's table (/listings-old), handed to the listings door's table read.
 */
export function conversationsAboutListing(listingId: SQL): SQL {
  return sql`(select count(*) from chat_conversations cc where cc.listing_id = ${listingId})`;
}
