import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ratingReputation } from './reputation.ts';

/**
 * The ratings module's only door (ARCHITECTURE.md "modules"): the stars members give each other
 * after a conversation about an ad (SPEC.md §3 "seller (name, avatar, rating, reviewCount)").
 * The chat takes a rating with its rules (`insertRating`) and shows one's own
 * (`selectRatingsBy`); the listings module's seller card reads the rating in its one query of ads
 * (`sellerRatingColumns`), and the member cards read it as this module's part of the one
 * reputation. It sits below the listings module, which may not import the chat above it
 * (docs/decisions/0006-module-doors.md); other modules import only from here.
 */
export { insertRating, selectRatingsBy, sellerRatingColumns } from './queries.ts';
export type { RatingRow } from './schema.ts';

/** Registers the ratings module: adds the rating to the users door's member cards. */
async function ratings(app: FastifyInstance) {
  app.memberCards.add(ratingReputation);
}

export default fp(ratings, { name: 'ratings', dependencies: ['database', 'users'] });
