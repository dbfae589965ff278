import { createSigner, createVerifier } from 'fast-jwt';
import type { Actor } from '../users/index.ts';

/**
 * How long the link in a statement of reasons' mail opens the decision: the appeal period
 * (6 months, DSA Art. 20) and a margin, in ms.
 */
export const DECISION_LINK_LIFETIME_MS = 200 * 24 * 60 * 60 * 1000;

/** What the decision links' key is derived for: never the access tokens' key. */
export const DECISION_LINK_KEY_PURPOSE = 'moderation-decision-links';

/**
 * Signs and checks the tokens of the links in statements of reasons' mails (DSA Art. 17, 20;
 * docs/decisions/0009-reports-queue.md "Appeals of suspended members"): JWTs (HS256, with a key
 * derived from the app's secret for this purpose alone) that name one decision and the affected
 * member. A suspended member has no session and cannot log in, yet must be able to read the
 * decision and appeal it. The token opens nothing else: its key is not the access tokens' key,
 * so every other route refuses it.
 */
export class DecisionLinks {
  readonly #sign: (payload: Record<string, unknown>) => string;
  readonly #verify: (token: string) => Record<string, unknown>;

  /** @param key the secret from `app.deriveKey(DECISION_LINK_KEY_PURPOSE)` */
  constructor(key: string) {
    this.#sign = createSigner({ key, algorithm: 'HS256', expiresIn: DECISION_LINK_LIFETIME_MS });
    this.#verify = createVerifier({ key, algorithms: ['HS256'] });
  }

  /** The token for the affected member `userId` of decision `decisionId`. */
  token(decisionId: string, userId: string): string {
    return this.#sign({ sub: userId, dec: decisionId });
  }

  /**
   * The member a token names, when it is intact, unexpired and made for `decisionId`; null
   * otherwise. The member acts with a member's role (never ADMIN).
   */
  member(token: string, decisionId: string): Actor | null {
    let claims: Record<string, unknown>;
    try {
      claims = this.#verify(token);
    } catch {
      return null;
    }
    if (claims.dec !== decisionId || typeof claims.sub !== 'string') return null;
    return { id: claims.sub, role: 'SELLER' };
  }
}
