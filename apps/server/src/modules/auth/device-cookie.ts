import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/0005): after a successful login the browser keeps a signed, HttpOnly cookie
 * naming the account. A login that sends a valid one for the same account is from a device
 * its owner used before, and skips the account's slow-down after many failed logins from
 * elsewhere; the limit per account and address still applies.
 */

/** Name of the device cookie. */
export const DEVICE_COOKIE = 'marketplace_device';
/** How long a browser keeps the device cookie after a login, in seconds (180 days). */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** The cookie is sent only to the account routes (login), nowhere else. */
const DEVICE_COOKIE_PATH = '/api/auth';

/** Signs and checks device cookies with a key derived from the server's signing key. */
export class DeviceCookies {
  private readonly signer: ReturnType<typeof cookie.signerFactory>;

  /**
   * @param secret key for the HMAC signature (`app.deriveKey('device-cookie')`)
   * @param secure whether the cookie carries `Secure` (PUBLIC_URL is https)
   */
  private readonly secure: boolean;

  constructor(secret: string, secure: boolean) {
    this.secure = secure;
    this.signer = cookie.signerFactory(secret);
  }

  /**
   * Makes `request.cookies` and `reply.setCookie` available in `app` (its encapsulated
   * context), unless `@fastify/cookie` is registered there already.
   */
  static async register(app: FastifyInstance): Promise<void> {
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  }

  /** The account id of a valid device cookie the request carries, else null. */
  accountOf(request: FastifyRequest): string | null {
    const raw = request.cookies?.[DEVICE_COOKIE];
    if (!raw) return null;
    const result = this.signer.unsign(raw);
    if (!result.valid) return null;
    const [accountId] = result.value.split('.');
    return accountId || null;
  }

  /** Sets a fresh device cookie for `accountId` (HttpOnly, SameSite=Lax, 180 days). */
  issue(reply: FastifyReply, accountId: string): void {
    const value = this.signer.sign(`${accountId}.${randomBytes(12).toString('base64url')}`);
    reply.setCookie(DEVICE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
}
